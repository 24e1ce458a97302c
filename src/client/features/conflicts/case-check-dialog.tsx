import { useCustomMutation } from "@refinedev/core";
import { Button, Modal, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import {
  CONFLICT_SCOPES,
  type ConflictCheckResult,
  type ConflictHit as Hit,
} from "../../../shared/contracts/conflicts";
import { type Asked, ConflictResults, type SavedRef } from "./conflict-results";

type Props = {
  /** The new case's parties and client, as keywords (at most 10). */
  keywords: string[];
  /** Those of the keywords entered as an adverse party. */
  adverse: string[];
  attached: (SavedRef & { hitCount: number }) | null;
  onAttached: (report: SavedRef & { hitCount: number }) => void;
};

/**
 * "Run the conflict check" on a new case's form: the check over every scope for its client and
 * parties, decided and saved as a report the case carries when it is submitted (attached to the
 * case once its approval opens it).
 */
export const CaseCheckDialog = ({ keywords, adverse, attached, onAttached }: Props) => {
  const { t } = useTranslation();
  const { mutateAsync, mutation } = useCustomMutation();
  const [result, setResult] = useState<{ asked: Asked; hits: Hit[] } | null>(null);
  const run = async () => {
    const asked = { keywords, scopes: [...CONFLICT_SCOPES], adverse };
    const res = await mutateAsync({
      url: "/api/conflicts/search",
      method: "post",
      values: asked,
    }).catch(() => null);
    if (res) setResult({ asked, hits: (res.data as unknown as ConflictCheckResult).hits });
  };
  return (
    <Space wrap>
      <Button
        onClick={() => void run()}
        loading={mutation.isPending}
        disabled={keywords.length === 0}
      >
        {t("conflicts.case.run")}
      </Button>
      {attached ? (
        <Tag color="green">{t("conflicts.case.attached", { n: attached.hitCount })}</Tag>
      ) : (
        <span className="text-muted">{t("conflicts.case.hint")}</span>
      )}
      <Modal
        open={Boolean(result)}
        title={t("conflicts.case.title", { keywords: keywords.join("、") })}
        footer={null}
        width={1000}
        onCancel={() => setResult(null)}
        destroyOnHidden
      >
        {result ? (
          <ConflictResults
            asked={result.asked}
            hits={result.hits}
            onSaved={(report) => {
              onAttached(report);
              setResult(null);
            }}
          />
        ) : null}
      </Modal>
    </Space>
  );
};
