import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

import { ApplyTemplate } from "../deadlines";
import { api } from "../../lib/api";

/**
 * A case just opened, moved to a new stage or opened as the next stage: offer the firm's task
 * templates for its type and current stage, right on the case, until one of them is applied,
 * instead of leaving it to be remembered.
 */
export const TemplateOffer = ({
  caseId,
  stage,
  onApplied,
}: {
  caseId: string;
  stage: string | null;
  onApplied: () => void;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  // Keyed by stage too: a stage change asks again for the new stage's templates.
  const key = ["case-templates", caseId, stage];
  const { data: templates = [] } = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ id: string; isApplied: boolean }[]>(`/cases/${caseId}/task-templates`),
  });
  // "Not now" holds for this case at this stage, in this browser; the next stage offers again.
  const dismissKey = `law-manage:template-offer:${caseId}:${stage ?? ""}`;
  const [, rerender] = useState(0);
  const isDismissed = localStorage.getItem(dismissKey) === "1";
  if (isDismissed || templates.length === 0 || templates.some((x) => x.isApplied)) return null;
  return (
    <Alert
      className="case-alert"
      type="info"
      showIcon
      closable
      onClose={() => {
        localStorage.setItem(dismissKey, "1");
        rerender((n) => n + 1);
      }}
      message={t("cases.templates.offer", { n: templates.length })}
      action={
        <Suspense fallback={null}>
          <ApplyTemplate
            caseId={caseId}
            onApplied={() => {
              void queries.invalidateQueries({ queryKey: key });
              onApplied();
            }}
          />
        </Suspense>
      }
    />
  );
};
