import { useQuery } from "@tanstack/react-query";
import { Descriptions, Skeleton, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import type { ClosingItem, ClosingOfApproval } from "../../../shared/contracts/closing";
import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { ApprovalDetailWithNext } from "../workflow";

type Row = { key: ClosingItem["key"]; then: number; now: number; explanation?: string };

/** What a closing approval decides: the case, the summary, and the checklist then and now. */
const ClosingOfApprovalSummary = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ["closing-of-approval", instanceId],
    queryFn: () =>
      api.get<ClosingOfApproval>(`/closing-requests/${instanceId}`, { skipErrorHandler: true }),
    retry: false,
  });
  if (isLoading) return <Skeleton active />;
  // A case-close flow started by hand has no closing behind it: the form alone.
  if (!data) return null;
  const then = new Map(data.submitted.map((i) => [i.key, i.count]));
  const rows: Row[] = data.items.map((i) => ({
    key: i.key,
    then: then.get(i.key) ?? 0,
    now: i.count,
    explanation: i.explanation,
  }));
  const count = (n: number) =>
    n === 0 ? (
      <Tag color="green">{t("closing.resolved")}</Tag>
    ) : (
      <Tag color="orange">{t("closing.openCount", { count: n })}</Tag>
    );
  return (
    <section aria-labelledby="closing-of-approval" className="closing-of-approval">
      <Typography.Title level={5} id="closing-of-approval">
        {t("closing.approvalPage.heading")}
      </Typography.Title>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t("closing.approvalPage.case")}>
          <Link className="schema-link" to={`/case/detail/${data.caseId}`}>
            {data.caseNo} {data.caseName}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t("closing.result")}>
          {t(`closing.results.${data.closing.result}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("closing.recoveredAmount")}>
          {data.closing.recoveredAmount ? formatMoney(data.closing.recoveredAmount) : "—"}
        </Descriptions.Item>
        <Descriptions.Item label={t("closing.text")}>
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>
            {data.closing.text}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t("closing.checklist")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("closing.approvalPage.live")}</Typography.Paragraph>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            key: "item",
            title: t("closing.approvalPage.item"),
            render: (_, r) => t(`closing.items.${r.key}`),
          },
          {
            key: "then",
            title: t("closing.approvalPage.atSubmission"),
            width: 130,
            render: (_, r) => count(r.then),
          },
          {
            key: "now",
            title: t("closing.approvalPage.now"),
            width: 130,
            render: (_, r) => count(r.now),
          },
          {
            key: "explanation",
            title: t("closing.approvalPage.explanation"),
            render: (_, r) => r.explanation ?? "",
          },
        ]}
      />
    </section>
  );
};

/** /case/workflow/close/:id: the closing approval with the closing and its live checklist above the form. */
export const ClosingApprovalPage = () => {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  return (
    <ApprovalDetailWithNext
      id={id}
      taskId={search.get("task") ?? undefined}
      summary={<ClosingOfApprovalSummary instanceId={id} />}
    />
  );
};
