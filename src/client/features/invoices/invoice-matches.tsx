import { Button, Popconfirm, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { InvoiceDetail, InvoiceMatch } from "../../../shared/contracts/fees";
import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { showToast } from "../../layout/toast";
import { useRefreshInvoice } from "./api";

/** The payments matched to the invoice, each with the part matched here; finance may take one off. */
export const InvoiceMatches = ({
  invoice,
  canUpdate,
}: {
  invoice: InvoiceDetail;
  canUpdate: boolean;
}) => {
  const { t } = useTranslation();
  const refresh = useRefreshInvoice(invoice);
  const [busy, setBusy] = useState<string | null>(null);
  const unmatch = async (m: InvoiceMatch) => {
    setBusy(m.paymentId);
    try {
      await api.delete(`/invoices/${invoice.id}/matches/${m.paymentId}`);
      showToast({ message: t("invoices.messages.unmatched"), color: "success" });
    } catch {
      // The server's reason is shown.
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  return (
    <section aria-labelledby="invoice-matches">
      <h2 id="invoice-matches" className="invoice-section-title">
        {t("invoices.titles.matches")}
      </h2>
      <p className="text-muted">
        {t("invoices.match.summary", {
          matched: formatMoney(invoice.matched),
          unmatched: formatMoney(invoice.unmatched),
        })}
      </p>
      <Table<InvoiceMatch>
        rowKey="paymentId"
        size="small"
        pagination={false}
        dataSource={invoice.matches}
        locale={{ emptyText: t("invoices.match.none") }}
        columns={[
          { key: "paidOn", dataIndex: "paidOn", title: t("invoices.match.paidOn") },
          {
            key: "paymentAmount",
            title: t("invoices.match.paymentAmount"),
            align: "right",
            render: (_, m) => <span className="fee-money">{formatMoney(m.paymentAmount)}</span>,
          },
          {
            key: "amount",
            title: t("invoices.match.matchedHere"),
            align: "right",
            render: (_, m) => <span className="fee-money">{formatMoney(m.amount)}</span>,
          },
          ...(canUpdate
            ? [
                {
                  key: "actions",
                  title: t("invoices.match.actions"),
                  render: (_: unknown, m: InvoiceMatch) => (
                    <Popconfirm
                      title={t("invoices.match.unmatchConfirm", { paidOn: m.paidOn })}
                      onConfirm={() => void unmatch(m)}
                    >
                      <Button size="small" type="link" danger loading={busy === m.paymentId}>
                        {t("invoices.match.unmatch")}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
};
