import { Descriptions, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";

import type { InvoiceDetail as Invoice } from "../../../shared/contracts/fees";
import { FileLinks } from "../../components/file-links";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { APPROVAL_STATUS_COLORS } from "../../lib/approval-status";
import { approvalPathOf } from "../../lib/approval-paths";
import { useMemberName } from "../../lib/members";
import { useCan } from "../../routing/use-can";
import { useInvoice } from "./api";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceMatches } from "./invoice-matches";
import { InvoiceStatusTag, InvoiceSummary } from "./invoice-summary";
import "../../components/record-form.css";
import "./invoices.css";

/** The approval that decided the request: a link to it and its status. */
const ApprovalRow = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  if (!invoice.approvalId) return <>{t("invoices.messages.none")}</>;
  return (
    <span>
      <Link to={approvalPathOf("invoice", invoice.approvalId)}>{t("invoices.approval.open")}</Link>{" "}
      {invoice.approvalStatus ? (
        <Tag color={APPROVAL_STATUS_COLORS[invoice.approvalStatus]}>
          {t(`workflow.status.${invoice.approvalStatus}`)}
        </Tag>
      ) : null}
    </span>
  );
};

/** What finance recorded: number, code and day of issue, the file, and a reversal or void. */
const IssueRecord = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const isCancelled = invoice.status === "reversed" || invoice.status === "voided";
  const none = t("invoices.messages.none");
  return (
    <Descriptions
      size="small"
      title={t("invoices.titles.issue")}
      column={{ xs: 1, sm: 2, xl: 3 }}
      items={[
        { key: "no", label: t("invoices.fields.invoiceNo"), children: invoice.invoiceNo },
        {
          key: "code",
          label: t("invoices.fields.invoiceCode"),
          children: invoice.invoiceCode || none,
        },
        { key: "on", label: t("invoices.fields.issuedOn"), children: invoice.issuedOn },
        { key: "by", label: t("invoices.fields.issuedBy"), children: name(invoice.issuedBy) },
        {
          key: "files",
          label: t("invoices.fields.invoiceFileIds"),
          children: <FileLinks ids={invoice.invoiceFileIds} names={invoice.fileNames} />,
        },
        ...(isCancelled
          ? [
              {
                key: "reason",
                label: t(`invoices.fields.${invoice.status}Reason`),
                children: invoice.cancelReason,
              },
              {
                key: "cancelledOn",
                label: t("invoices.fields.cancelledOn"),
                children: invoice.cancelledOn,
              },
              {
                key: "cancelledBy",
                label: t("invoices.fields.cancelledBy"),
                children: name(invoice.cancelledBy),
              },
            ]
          : []),
      ]}
    />
  );
};

/** /finance/invoices/:id: the request, its approval, what finance recorded, the matched payments. */
export const InvoiceDetail = () => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const can = useCan();
  const { data: invoice, isLoading } = useInvoice(id);
  if (isLoading || !invoice) return <Skeleton active />;
  const wasIssued = ["issued", "reversed", "voided"].includes(invoice.status);
  const canUpdate = can("update", "LAWFIRM_INVOICE_VIEW");
  return (
    <>
      <PageHeader
        title={
          <span>
            {t("invoices.titles.detailOf", { no: invoice.invoiceNo || invoice.requestNo })}{" "}
            <InvoiceStatusTag status={invoice.status} />
          </span>
        }
        extra={canUpdate ? <InvoiceActions invoice={invoice} /> : null}
      />
      <PagePanel>
        <InvoiceSummary invoice={invoice} />
        <Descriptions
          size="small"
          className="invoice-approval"
          items={[
            {
              key: "approval",
              label: t("invoices.fields.approval"),
              children: <ApprovalRow invoice={invoice} />,
            },
          ]}
        />
        {wasIssued ? <IssueRecord invoice={invoice} /> : null}
        {invoice.status === "issued" ? (
          <InvoiceMatches invoice={invoice} canUpdate={canUpdate} />
        ) : null}
      </PagePanel>
    </>
  );
};
