import { FileAddOutlined } from "@ant-design/icons";
import { Button, Skeleton } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import type { InvoiceSource } from "./request-invoice-dialog";

const RequestInvoiceDialog = lazy(() =>
  import("./request-invoice-dialog").then((m) => ({ default: m.RequestInvoiceDialog })),
);

/**
 * "Request invoice" on a bill or payment row (or the invoicing card): the dialog's code loads
 * only when opened. Hidden from whoever may not request invoices.
 */
export const RequestInvoiceButton = ({
  source,
  isPrimary,
}: {
  source: InvoiceSource;
  isPrimary?: boolean;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const [isOpen, setOpen] = useState(false);
  if (!can("create", "LAWFIRM_INVOICE_VIEW")) return null;
  return (
    <>
      <Button
        size="small"
        type={isPrimary ? "primary" : "link"}
        icon={isPrimary ? <FileAddOutlined /> : undefined}
        onClick={() => setOpen(true)}
      >
        {t("fees.request.action")}
      </Button>
      {isOpen ? (
        <Suspense fallback={<Skeleton active />}>
          <RequestInvoiceDialog source={source} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
