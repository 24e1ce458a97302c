import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { ConflictHit as Hit } from "../../../shared/contracts/conflicts";
import { useCan } from "../../routing/use-can";
import { type Decision, HitsTable } from "./hits-table";
import { ExportPdfButton } from "./report-history";

/** `adverse`: the keywords a new-case form entered as an adverse party (their clients are flagged). */
export type Asked = { keywords: string[]; scopes: string[]; adverse?: string[] };
export type SavedRef = { id: string; createdAt: string };

type Props = {
  asked: Asked;
  hits: Hit[];
  /** The case the saved report belongs to (a check run from the case's page). */
  caseId?: string;
  onSaved?: (report: SavedRef & { hitCount: number }) => void;
  onExported?: () => void;
};

/** The hits of one check with a decision per hit (a waiver needs its letter), and saving the report. */
export const ConflictResults = ({ asked, hits, caseId, onSaved, onExported }: Props) => {
  const { t } = useTranslation();
  const { mutateAsync, mutation } = useCustomMutation();
  // A likely conflict starts as "potential conflict": saving it unread must not record "no conflict".
  const [decisions, setDecisions] = useState<Record<string, Decision>>(() =>
    Object.fromEntries(
      hits
        .filter((h) => h.likelyConflict)
        .map((h) => [h.key, { decision: "potential", remark: "" }]),
    ),
  );
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [missingLetter, setMissingLetter] = useState(false);
  const [saved, setSaved] = useState<SavedRef | null>(null);
  const canSave = useCan()("create", "LAWFIRM_CONFLICT_VIEW");

  const save = async () => {
    const list = Object.entries(decisions).map(([key, d]) => ({ key, ...d }));
    // The server refuses it too; saying so here spares a round trip and names the fix.
    if (list.some((d) => d.decision === "waived" && !d.waiverFileId)) {
      setMissingLetter(true);
      return;
    }
    setMissingLetter(false);
    const res = await mutateAsync({
      url: "/api/conflicts/reports",
      method: "post",
      values: { ...asked, decisions: list, ...(caseId ? { caseId } : {}) },
    });
    const report = res.data as unknown as SavedRef;
    setSaved(report);
    onSaved?.({ ...report, hitCount: hits.length });
  };
  const decide = (key: string, patch: Partial<Decision>) =>
    setDecisions((all) => ({
      ...all,
      [key]: { ...{ decision: "none", remark: "" }, ...all[key], ...patch },
    }));
  const isUploading = Object.values(uploading).some(Boolean);

  return (
    <section aria-label={t("conflicts.results")}>
      <HitsTable
        keywords={asked.keywords}
        hits={hits}
        decisions={decisions}
        onDecide={decide}
        onBusy={(key, busy) => setUploading((all) => ({ ...all, [key]: busy }))}
      />
      {missingLetter && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={t("conflicts.waiver.needed")}
        />
      )}
      <Space style={{ marginTop: 16 }}>
        {canSave && !saved && (
          <Button
            type="primary"
            onClick={() => void save().catch(() => undefined)}
            loading={mutation.isPending}
            disabled={isUploading}
          >
            {t("conflicts.save")}
          </Button>
        )}
        {saved && <Typography.Text type="success">{t("conflicts.saved")}</Typography.Text>}
        {saved && <ExportPdfButton report={saved} onExported={onExported} />}
      </Space>
    </section>
  );
};
