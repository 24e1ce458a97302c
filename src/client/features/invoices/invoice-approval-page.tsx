import { Alert, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import { useCan } from "../../routing/use-can";
import { ApprovalDetailWithNext } from "../workflow";
import { useInvoiceOfApproval } from "./api";
import { InvoiceSummary } from "./invoice-summary";
import "../../components/record-form.css";
import "./invoices.css";

/** What an invoice approval is about: the request as the approver decides on it. */
const RequestOfApproval = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { data: invoice, isLoading } = useInvoiceOfApproval(instanceId);
  if (isLoading) return <Skeleton active />;
  // A flow of this kind started by hand has no invoice behind it: the form alone.
  if (!invoice) return null;
  const isDecided = invoice.status !== "pending" && invoice.status !== "rejected";
  return (
    <>
      {isDecided && can("read", "LAWFIRM_INVOICE_VIEW") ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <Link to={`/finance/invoices/${invoice.id}`}>{t("invoices.approval.openInvoice")}</Link>
          }
        />
      ) : null}
      <InvoiceSummary invoice={invoice} title={t("invoices.titles.proposed")} isNarrow />
    </>
  );
};

/** /invoice/workflow/:id: the approval detail with the invoice request above the form. */
export const InvoiceApprovalPage = () => {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  return (
    <ApprovalDetailWithNext
      id={id}
      taskId={search.get("task") ?? undefined}
      summary={<RequestOfApproval instanceId={id} />}
    />
  );
};
