import { Input, Select, Space, Table, Tag, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";

import {
  type ConflictHit as Hit,
  DECISIONS,
  type DecisionKind,
  type SavedHit,
} from "../../../shared/contracts/conflicts";
import { FileUpload } from "../../components/file-upload";
import { downloadByTicket } from "../../lib/file-transfer";
import { firmTime } from "../../lib/firm-time";
import { EquityPathToggle } from "./equity-path";

/** A decision being made on one hit, before the report is saved. */
export type Decision = { decision: DecisionKind; remark: string; waiverFileId?: string };

type Props = { keywords: string[] } & (
  | {
      hits: Hit[];
      decisions: Record<string, Decision>;
      onDecide: (key: string, patch: Partial<Decision>) => void;
      onBusy: (key: string, busy: boolean) => void;
      readOnly?: false;
    }
  | { hits: SavedHit[]; letters: Record<string, string>; readOnly: true }
);

type Group = { key: string; keyword: string; count: number };
type Row = Hit | SavedHit | Group;
const isGroup = (r: Row): r is Group => !("source" in r);
const COLUMNS = 5;

/**
 * The hits grouped by keyword, each group under a header row naming the keyword and its count
 * (every keyword searched, "no hit" where none, so the report shows what was looked for);
 * within a group the server's order. Decisions are edited, or shown as saved.
 */
export const HitsTable = (props: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const keywords = [...new Set([...props.keywords, ...props.hits.map((h) => h.keyword)])];
  const rows: Row[] = keywords.flatMap((keyword, i) => {
    const mine = (props.hits as (Hit | SavedHit)[]).filter((h) => h.keyword === keyword);
    return [{ key: `group:${i}`, keyword, count: mine.length }, ...mine];
  });
  // The header row spans the table; the other cells of it are not drawn.
  const rest = { onCell: (r: Row) => (isGroup(r) ? { colSpan: 0 } : {}) };
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
            style={{ width: 180 }}
            value={d?.decision}
            onChange={(v) =>
              props.onDecide(h.key, {
                decision: v,
                ...(v === "waived" ? {} : { waiverFileId: undefined }),
              })
            }
            options={DECISIONS.map((x) => ({ value: x, label: t(`conflicts.decision.${x}`) }))}
          />
          <Input
            aria-label={t("conflicts.remark")}
            placeholder={t("conflicts.remark")}
            maxLength={1000}
            value={d?.remark}
            onChange={(e) => props.onDecide(h.key, { remark: e.target.value })}
          />
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
  // Case status in the words the case pages use (cases.status.*).
  const caseCell = (h: Hit | SavedHit) => {
    if (h.masked)
      return h.leadPartner
        ? t("conflicts.masked.askPartner", { partner: h.leadPartner })
        : t("conflicts.masked.noPartner");
    return h.caseNo
      ? `${h.caseNo} · ${t(`cases.status.${h.caseStatus}`)} · ${h.caseCreatedAt ? firmTime(h.caseCreatedAt, "YYYY-MM-DD") : ""} · ${h.leadLawyer ?? ""}`
      : "";
  };
  return (
    <Table<Row>
      rowKey="key"
      dataSource={rows}
      pagination={false}
      columns={[
        {
          title: t("conflicts.cols.party"),
          onCell: (r) =>
            isGroup(r) ? { colSpan: COLUMNS, style: { background: token.colorFillAlter } } : {},
          render: (_, h) =>
            isGroup(h) ? (
              <Typography.Text strong>
                {h.count
                  ? t("conflicts.group", { keyword: h.keyword, count: h.count })
                  : t("conflicts.noHitGroup", { keyword: h.keyword })}
              </Typography.Text>
            ) : (
              <Space direction="vertical" size={0}>
                <span>
                  {h.masked ? (
                    <Typography.Text type="secondary">{t("conflicts.masked.name")}</Typography.Text>
                  ) : (
                    h.name
                  )}{" "}
                  {h.likelyConflict && <Tag color="red">{t("conflicts.likely")}</Tag>}
                </span>
                {h.path && <EquityPathToggle path={h.path} />}
              </Space>
            ),
        },
        {
          title: t("conflicts.cols.role"),
          ...rest,
          render: (_, h) => (isGroup(h) ? null : t(`cases.conflictRoles.${h.conflictRole}`)),
        },
        {
          title: t("conflicts.cols.match"),
          ...rest,
          render: (_, h) => (isGroup(h) ? null : t(`conflicts.match.${h.match}`)),
        },
        {
          title: t("conflicts.cols.case"),
          ...rest,
          render: (_, h) => (isGroup(h) ? "" : caseCell(h)),
        },
        {
          title: t("conflicts.cols.decision"),
          ...rest,
          render: (_, h) => (isGroup(h) ? null : decisionCell(h)),
        },
      ]}
    />
  );
};
