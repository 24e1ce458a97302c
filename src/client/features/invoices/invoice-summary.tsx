import { Descriptions, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { InvoiceDetail, InvoiceItem, InvoiceStatus } from "../../../shared/contracts/fees";
import { formatCents, parseCents } from "../../../shared/fees";
import { formatMoney, formatPercent } from "../../../shared/money";
import { accountDetailPath } from "../../lib/record-paths";
import { INVOICE_STATUS_TAG } from "./status";

export const InvoiceStatusTag = ({ status }: { status: InvoiceStatus }) => {
  const { t } = useTranslation();
  return <Tag color={INVOICE_STATUS_TAG[status]}>{t(`invoices.statuses.${status}`)}</Tag>;
};

/** The lines the invoice is to show, each with its amount. */
const Items = ({ items }: { items: InvoiceItem[] }) => {
  const { t } = useTranslation();
  return (
    <Table<InvoiceItem & { n: number }>
      rowKey="n"
      size="small"
      pagination={false}
      dataSource={items.map((item, n) => ({ ...item, n }))}
      columns={[
        { key: "name", dataIndex: "name", title: t("invoices.fields.itemName") },
        {
          key: "amount",
          title: t("invoices.fields.itemAmount"),
          align: "right",
          render: (_, item) => <span className="fee-money">{formatMoney(item.amount)}</span>,
        },
      ]}
      locale={{ emptyText: t("invoices.messages.noItems") }}
    />
  );
};

/**
 * What an invoice request asks for: the case, the client, the buyer, type, tax rate, the
 * tax-inclusive amount with its tax and net, the bill or payment it was made from, and the items.
 * The invoice's page and the approver's view show the same.
 */
export const InvoiceSummary = ({
  invoice,
  title,
  isNarrow = false,
}: {
  invoice: InvoiceDetail;
  title?: string;
  /** Beside the approval's timeline: two columns at most. */
  isNarrow?: boolean;
}) => {
  const { t } = useTranslation();
  const amount = parseCents(invoice.amount);
  const tax = parseCents(invoice.taxAmount);
  const net = amount !== null && tax !== null ? formatCents(amount - tax) : "";
  const none = t("invoices.messages.none");
  const heading = title ?? t("invoices.titles.request");
  const items = [
    { key: "requestNo", label: t("invoices.fields.requestNo"), children: invoice.requestNo },
    {
      key: "status",
      label: t("invoices.fields.status"),
      children: <InvoiceStatusTag status={invoice.status} />,
    },
    {
      key: "case",
      label: t("invoices.fields.caseId"),
      children: (
        <Link to={`/case/detail/${invoice.caseId}`}>
          {`${invoice.caseNo} ${invoice.caseName}`.trim()}
        </Link>
      ),
    },
    {
      key: "client",
      label: t("invoices.fields.accountId"),
      children: (
        <Link to={accountDetailPath({ id: invoice.accountId })}>{invoice.accountName}</Link>
      ),
    },
    { key: "buyerTitle", label: t("invoices.fields.buyerTitle"), children: invoice.buyerTitle },
    {
      key: "buyerTaxId",
      label: t("invoices.fields.buyerTaxId"),
      children: invoice.buyerTaxId || none,
    },
    {
      key: "type",
      label: t("invoices.fields.invoiceType"),
      children: t(`invoices.types.${invoice.invoiceType}`),
    },
    {
      key: "taxRate",
      label: t("invoices.fields.taxRate"),
      children: formatPercent(invoice.taxRate),
    },
    {
      key: "amount",
      label: t("invoices.fields.amount"),
      children: <strong className="fee-money">{formatMoney(invoice.amount)}</strong>,
    },
    {
      key: "tax",
      label: t("invoices.fields.taxAmount"),
      children: <span className="fee-money">{formatMoney(invoice.taxAmount)}</span>,
    },
    {
      key: "net",
      label: t("invoices.fields.netAmount"),
      children: <span className="fee-money">{formatMoney(net)}</span>,
    },
    ...(invoice.billNo
      ? [{ key: "bill", label: t("invoices.fields.billId"), children: invoice.billNo }]
      : []),
    ...(invoice.paymentPaidOn
      ? [
          {
            key: "payment",
            label: t("invoices.fields.paymentId"),
            children: t("invoices.messages.paymentOf", { paidOn: invoice.paymentPaidOn }),
          },
        ]
      : []),
    ...(invoice.remark
      ? [{ key: "remark", label: t("invoices.fields.remark"), children: invoice.remark }]
      : []),
  ];
  return (
    <section className="record-summary" aria-label={heading}>
      <Descriptions
        size="small"
        title={heading}
        column={isNarrow ? { xs: 1, sm: 2 } : { xs: 1, sm: 2, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={items}
      />
      <h3 className="invoice-subtitle">{t("invoices.fields.items")}</h3>
      <Items items={invoice.items} />
    </section>
  );
};
