import { useQuery } from "@tanstack/react-query";
import { Descriptions, Skeleton, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { ConflictReportDetail as Report, SavedHit } from "../../../shared/contracts/conflicts";
import { useCan } from "../../routing/use-can";
import { api } from "../../lib/api";
import { firmTime } from "../../lib/firm-time";

const DECISION_COLORS: Record<string, string> = {
  none: "green",
  potential: "gold",
  conflict: "red",
  waived: "blue",
};

/**
 * The conflict report attached to a case's opening approval: how many hits, what was decided on
 * each, and a link to the saved report (evidence, read-only). An approver without the right to
 * read conflict checks is told so instead.
 */
export const ConflictSummary = ({ reportId }: { reportId: string | undefined }) => {
  const { t } = useTranslation();
  const can = useCan();
  const mayRead = can("read", "LAWFIRM_CONFLICT_VIEW");
  const { data, isLoading } = useQuery({
    queryKey: ["conflict-report", reportId],
    queryFn: () => api.get<Report>(`/conflicts/reports/${reportId}`),
    enabled: Boolean(reportId) && mayRead,
  });
  const title = t("cases.approvalConflict.title");
  if (!reportId)
    return (
      <Descriptions
        size="small"
        title={title}
        items={[
          {
            key: "none",
            label: t("cases.approvalConflict.report"),
            children: t("cases.approvalConflict.none"),
          },
        ]}
      />
    );
  if (!mayRead)
    return (
      <Descriptions
        size="small"
        title={title}
        items={[
          {
            key: "right",
            label: t("cases.approvalConflict.report"),
            children: t("cases.conflicts.noRight"),
          },
        ]}
      />
    );
  if (isLoading || !data) return <Skeleton active />;
  const tally = Object.entries(
    data.hits.reduce<Record<string, number>>(
      (acc, h) => ({
        ...acc,
        [h.decision ?? "undecided"]: (acc[h.decision ?? "undecided"] ?? 0) + 1,
      }),
      {},
    ),
  );
  return (
    <section aria-label={title} className="case-section" style={{ marginTop: 16 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={title}>
        <Descriptions.Item label={t("cases.approvalConflict.report")}>
          <Link to={`/conflict-interest?report=${data.id}`}>
            {t("cases.approvalConflict.savedBy", {
              at: firmTime(data.createdAt),
              name: data.createdByName,
            })}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t("cases.conflicts.keywords")}>
          {data.keywords.join(t("recordTabs.history.separator"))}
        </Descriptions.Item>
        <Descriptions.Item label={t("cases.conflicts.hits")}>{data.hits.length}</Descriptions.Item>
        <Descriptions.Item label={t("conflicts.cols.decision")}>
          {tally.length === 0
            ? t("cases.approvalConflict.noHits")
            : tally.map(([d, n]) => (
                <Tag key={d} color={DECISION_COLORS[d]}>
                  {t(
                    d === "undecided"
                      ? "cases.approvalConflict.undecided"
                      : `conflicts.decision.${d}`,
                  )}{" "}
                  × {n}
                </Tag>
              ))}
        </Descriptions.Item>
      </Descriptions>
      {data.hits.length > 0 ? (
        <Table<SavedHit>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={data.hits}
          scroll={{ x: "max-content" }}
          columns={[
            { title: t("conflicts.cols.keyword"), dataIndex: "keyword" },
            {
              title: t("conflicts.cols.party"),
              dataIndex: "name",
              render: (v: string, h) => (h.masked ? t("conflicts.masked.name") : v),
            },
            {
              title: t("cases.approvalConflict.case"),
              dataIndex: "caseNo",
              render: (v: string | null) => v ?? "",
            },
            {
              title: t("conflicts.cols.decision"),
              dataIndex: "decision",
              render: (v: string | null) =>
                v ? t(`conflicts.decision.${v}`) : t("cases.approvalConflict.undecided"),
            },
            { title: t("conflicts.remark"), dataIndex: "remark" },
          ]}
        />
      ) : null}
    </section>
  );
};
