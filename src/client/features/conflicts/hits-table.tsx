import { Input, Select, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { FileUpload } from "../../components/file-upload";
import { downloadByTicket } from "../documents/api";

export type Hit = {
  key: string; keyword: string; source: string; match: string; name: string; conflictRole: string;
  caseNo: string | null; caseStatus: string | null; caseCreatedAt: string | null; leadLawyer: string | null;
  likelyConflict: boolean; path: { from: string; steps: { name: string; share: number }[] } | null;
};
/** A saved hit carries its decision. */
export type SavedHit = Hit & { decision: string | null; remark: string; waiverFileId: string | null };
export type Decision = { decision: string; remark: string; waiverFileId?: string };

export const DECISIONS = ["none", "potential", "conflict", "waived"];

type Props =
  | { hits: Hit[]; decisions: Record<string, Decision>; onDecide: (key: string, patch: Partial<Decision>) => void; onBusy: (key: string, busy: boolean) => void; readOnly?: false }
  | { hits: SavedHit[]; letters: Record<string, string>; readOnly: true };

/** The hits grouped by keyword (the server's order); decisions are edited, or shown as saved. */
export const HitsTable = (props: Props) => {
  const { t } = useTranslation();
  const decisionCell = (h: Hit | SavedHit) => {
    if (props.readOnly) {
      const saved = h as SavedHit;
      return (
        <Space direction="vertical" size={0}>
          <span>{saved.decision ? t(`conflicts.decision.${saved.decision}`) : ""}</span>
          {saved.remark && <Typography.Text type="secondary">{saved.remark}</Typography.Text>}
          {saved.waiverFileId && (
            <Typography.Link onClick={() => void downloadByTicket({ fileId: saved.waiverFileId! })}>
              {t("conflicts.waiver.uploaded", { name: props.letters[saved.waiverFileId] ?? "" })}
            </Typography.Link>
          )}
        </Space>
      );
    }
    const d = props.decisions[h.key];
    return (
      <Space direction="vertical" size={4}>
        <Space>
          <Select
            aria-label={t("conflicts.cols.decision")}
            style={{ width: 140 }}
            value={d?.decision}
            onChange={(v) => props.onDecide(h.key, { decision: v, ...(v === "waived" ? {} : { waiverFileId: undefined }) })}
            options={DECISIONS.map((x) => ({ value: x, label: t(`conflicts.decision.${x}`) }))}
          />
          <Input aria-label={t("conflicts.remark")} placeholder={t("conflicts.remark")} maxLength={1000} value={d?.remark} onChange={(e) => props.onDecide(h.key, { remark: e.target.value })} />
        </Space>
        {d?.decision === "waived" && (
          <FileUpload
            max={1}
            label={t("conflicts.waiver.upload")}
            fallbackFolder={t("conflicts.waiver.folder")}
            onBusy={(busy) => props.onBusy(h.key, busy)}
            onChange={(ids) => props.onDecide(h.key, { waiverFileId: ids[0] })}
          />
        )}
      </Space>
    );
  };
  return (
    <Table<Hit | SavedHit>
      rowKey="key"
      dataSource={props.hits}
      pagination={false}
      columns={[
        { title: t("conflicts.cols.keyword"), dataIndex: "keyword" },
        {
          title: t("conflicts.cols.party"),
          render: (_, h) => (
            <Space direction="vertical" size={0}>
              <span>{h.name} {h.likelyConflict && <Tag color="red">{t("conflicts.likely")}</Tag>}</span>
              {h.path && (
                <Typography.Text type="secondary">
                  {[h.path.from, ...h.path.steps.map((s) => `—${s.share}%→ ${s.name}`)].join(" ")}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { title: t("conflicts.cols.role"), render: (_, h) => t(`cases.conflictRoles.${h.conflictRole}`) },
        { title: t("conflicts.cols.match"), render: (_, h) => t(`conflicts.match.${h.match}`) },
        { title: t("conflicts.cols.case"), render: (_, h) => (h.caseNo ? `${h.caseNo} · ${t(`conflicts.status.${h.caseStatus}`)} · ${h.caseCreatedAt?.slice(0, 10)} · ${h.leadLawyer ?? ""}` : "") },
        { title: t("conflicts.cols.decision"), render: (_, h) => decisionCell(h) },
      ]}
    />
  );
};
