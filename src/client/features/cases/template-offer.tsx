import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

import { ApplyTemplate } from "../deadlines";
import { getJson } from "./api";

/**
 * A case just opened (or moved to a new stage) with nothing planned yet: offer the firm's task
 * templates for its type and stage, right on the case, instead of leaving it to be remembered.
 */
export const TemplateOffer = ({ caseId, onApplied }: { caseId: string; onApplied: () => void }) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const { data: templates = [] } = useQuery({ queryKey: ["case-templates", caseId], queryFn: () => getJson<{ id: string }[]>(`/cases/${caseId}/task-templates`) });
  const { data: keyDates } = useQuery({ queryKey: ["case-key-dates-count", caseId], queryFn: () => getJson<unknown[]>(`/cases/${caseId}/key-dates`) });
  if (templates.length === 0 || !keyDates || keyDates.length > 0) return null;
  return (
    <Alert
      className="case-alert"
      type="info"
      showIcon
      message={t("cases.templates.offer", { n: templates.length })}
      action={
        <ApplyTemplate
          caseId={caseId}
          onApplied={() => {
            void queries.invalidateQueries({ queryKey: ["case-key-dates-count", caseId] });
            onApplied();
          }}
        />
      }
    />
  );
};
