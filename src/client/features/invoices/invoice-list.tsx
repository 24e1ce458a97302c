import { Tag } from "antd";
import { useTranslation } from "react-i18next";

import type { InvoiceStatus } from "../../../shared/contracts/fees";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { SchemaList } from "../../schema-ui/schema-list";
import { INVOICE_STATUS_TAG } from "./status";

/**
 * /finance/invoices: the invoices the user may read, with the schema's columns and filters
 * (status, type, client, dates); the number links to the invoice. Requests start from a case.
 */
export const InvoiceList = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("invoices.titles.list")} />
      <PagePanel>
        <SchemaList
          resource="invoices"
          linkTo={(record) => `/finance/invoices/${String(record.id)}`}
          nameExtra={(record) => {
            const status = record.status as InvoiceStatus;
            return status === "reversed" || status === "voided" ? (
              <Tag color={INVOICE_STATUS_TAG[status]}>{t(`invoices.statuses.${status}`)}</Tag>
            ) : null;
          }}
        />
      </PagePanel>
    </>
  );
};
