import { WarningOutlined } from "@ant-design/icons";
import { Card, Descriptions, Empty, Skeleton, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { CaseInvoicing } from "../../../shared/contracts/fees";
import { parseCents } from "../../../shared/fees";
import { formatMoney } from "../../../shared/money";
import { useCan } from "../../routing/use-can";
import { useCaseInvoicing } from "./api";
import { RequestInvoiceButton } from "./request-invoice-button";

type InvoiceRow = CaseInvoicing["invoices"][number];

/** A mismatch figure: plain when nothing is off, flagged in words (not colour alone) when it is. */
const Mismatch = ({ amount }: { amount: string }) => {
  const { t } = useTranslation();
  if (!parseCents(amount)) return <span>{formatMoney(amount)}</span>;
  return (
    <span className="fees-mismatch">
      <strong>{formatMoney(amount)}</strong>{" "}
      <Tag color="warning" icon={<WarningOutlined />}>
        {t("fees.invoicing.attention")}
      </Tag>
    </span>
  );
};

/**
 * Invoiced against received on the case: billed, received and invoiced, and where they do not
 * meet ("invoiced, not received" and "received, not invoiced"), with the case's invoices.
 */
export const InvoicingCard = ({ caseId, canRequest }: { caseId: string; canRequest: boolean }) => {
  const { t } = useTranslation();
  const canRead = useCan()("read", "LAWFIRM_INVOICE_VIEW");
  const { data, isLoading } = useCaseInvoicing(caseId, canRead);
  const title = <h2 className="fees-card-title">{t("fees.invoicing.title")}</h2>;
  if (!canRead) return null;
  return (
    <Card
      size="small"
      className="fees-card"
      title={title}
      extra={canRequest ? <RequestInvoiceButton source={{ caseId }} isPrimary /> : null}
    >
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Descriptions
            size="small"
            layout="vertical"
            colon={false}
            column={{ xs: 2, sm: 3 }}
            items={[
              {
                key: "billed",
                label: t("fees.invoicing.billed"),
                children: formatMoney(data.billed),
              },
              {
                key: "received",
                label: t("fees.invoicing.received"),
                children: formatMoney(data.received),
              },
              {
                key: "invoiced",
                label: t("fees.invoicing.invoiced"),
                children: formatMoney(data.invoiced),
              },
              {
                key: "inr",
                label: t("fees.invoicing.invoicedNotReceived"),
                children: <Mismatch amount={data.invoicedNotReceived} />,
              },
              {
                key: "rni",
                label: t("fees.invoicing.receivedNotInvoiced"),
                children: <Mismatch amount={data.receivedNotInvoiced} />,
              },
            ]}
          />
          <Table<InvoiceRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.invoices}
            // An empty table needs no scrolling region (one that cannot take focus fails WCAG).
            scroll={data.invoices.length ? { x: 520 } : undefined}
            aria-label={t("fees.invoicing.invoices")}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t("fees.invoicing.none")}
                />
              ),
            }}
            columns={[
              {
                title: t("fees.invoicing.requestNo"),
                dataIndex: "requestNo",
                render: (no: string, r) => (
                  <Link className="schema-link" to={`/finance/invoices/${r.id}`}>
                    {no}
                  </Link>
                ),
              },
              {
                title: t("fees.invoicing.status"),
                dataIndex: "status",
                render: (s: string) => <Tag>{t(`fees.invoicing.statuses.${s}`)}</Tag>,
              },
              {
                title: t("fees.invoicing.invoiceNo"),
                dataIndex: "invoiceNo",
                render: (v: string | null) => v ?? t("schemaUi.notSet"),
              },
              {
                title: t("fees.invoicing.amount"),
                dataIndex: "amount",
                align: "right",
                render: (v: string) => formatMoney(v),
              },
              {
                title: t("fees.invoicing.matched"),
                dataIndex: "matched",
                align: "right",
                render: (v: string) => formatMoney(v),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
};
