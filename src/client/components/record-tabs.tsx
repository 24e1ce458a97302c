import { useQuery } from "@tanstack/react-query";
import { Table, Tag, Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { api } from "../lib/api";
import { useMemberName } from "../lib/members";
import { approvalPathOf } from "../lib/approval-paths";
import { APPROVAL_STATUS_COLORS } from "../lib/approval-status";
import { firmTime } from "../lib/firm-time";

type ApprovalRow = {
  id: string;
  kind: string;
  title: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
};
/** An audit entry; a record's timeline may hold entries of related rows too (a case's tasks). */
export type HistoryRow = {
  id: number;
  userId: string | null;
  action: string;
  diff: Record<string, unknown> | null;
  createdAt: string;
  entity?: string;
  title?: string | null;
  status?: string | null;
};

const time = (value: unknown) => (value ? firmTime(String(value)) : "");

/** Every approval about a record (GET `url`), each opening on its own detail route. */
export const ApprovalsTab = ({ url }: { url: string }) => {
  const { t } = useTranslation();
  const { data = [], isLoading } = useQuery({
    queryKey: ["record-approvals", url],
    queryFn: () => api.get<ApprovalRow[]>(url),
  });
  return (
    <Table<ApprovalRow>
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        {
          title: t("recordTabs.approvals.title"),
          dataIndex: "title",
          render: (v: string, r) => <Link to={approvalPathOf(r.kind, r.id)}>{v}</Link>,
        },
        {
          title: t("recordTabs.approvals.kind"),
          dataIndex: "kind",
          render: (v: string) => t(`workflow.kinds.${v}`),
        },
        {
          title: t("recordTabs.approvals.status"),
          dataIndex: "status",
          render: (v: string) => (
            <Tag color={APPROVAL_STATUS_COLORS[v]}>{t(`workflow.status.${v}`)}</Tag>
          ),
        },
        { title: t("recordTabs.approvals.submittedAt"), dataIndex: "createdAt", render: time },
        { title: t("recordTabs.approvals.finishedAt"), dataIndex: "finishedAt", render: time },
      ]}
    />
  );
};

const QUIET = new Set(["version", "updatedAt", "updatedBy"]);

/** What changed in a record and who changed it, newest first (GET `url`: its audit entries). */
export const HistoryTab = ({
  url,
  fieldLabel,
  describe,
}: {
  url: string;
  fieldLabel: (key: string) => string;
  describe?: (row: HistoryRow) => string | null;
}) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const { data = [] } = useQuery({
    queryKey: ["record-history", url],
    queryFn: () => api.get<HistoryRow[]>(url),
  });
  return (
    <Timeline
      items={data.map((h) => {
        // A related row's entry says what happened in one phrase; its fields are not the record's.
        const said = describe?.(h) ?? null;
        // A key with no label is the record's bookkeeping (pendingAction, folderId…): not shown raw.
        const changed = said
          ? []
          : Object.keys(h.diff ?? {}).filter((k) => !QUIET.has(k) && fieldLabel(k) !== k);
        return {
          key: h.id,
          children: (
            <>
              <div>
                {time(h.createdAt)} · {name(h.userId) || t("recordTabs.history.system")} ·{" "}
                {said ?? t(`recordTabs.history.${h.action}`, h.action)}
              </div>
              {changed.length > 0 ? (
                <div className="text-muted">
                  {changed.map(fieldLabel).join(t("recordTabs.history.separator"))}
                </div>
              ) : null}
            </>
          ),
        };
      })}
    />
  );
};
