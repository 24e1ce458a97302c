import { Alert, Form, Input, Modal, Skeleton, Table } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type {
  CaseInvoicing,
  InvoiceDetail,
  InvoiceMatchInput,
} from "../../../shared/contracts/fees";
import { formatCents, parseCents } from "../../../shared/fees";
import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { showToast } from "../../layout/toast";
import { useCaseInvoicing } from "./api";

/** `here`: what of the payment this invoice holds already; `room`: what it may hold at most. */
type Payment = CaseInvoicing["payments"][number] & { here: bigint; room: bigint };

const cents = (v: string) => parseCents(v, { allowNegative: true }) ?? 0n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Match (part of) one of the case's payments to the invoice: each payment shows what of it is not
 * matched yet. The amount is what the invoice holds of that payment (choosing a payment matched
 * here already changes its amount); it defaults to the most both allow, and may be less (partial).
 */
export const MatchDialog = ({
  invoice,
  onClose,
}: {
  invoice: InvoiceDetail;
  onClose: (done: boolean) => void;
}) => {
  const { t } = useTranslation();
  const { data: invoicing, isLoading } = useCaseInvoicing(invoice.caseId);
  const [form] = Form.useForm<{ amount: string }>();
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const invoiceOpen = cents(invoice.unmatched);
  const payments: Payment[] = useMemo(
    () =>
      (invoicing?.payments ?? []).map((p) => {
        const here = cents(invoice.matches.find((m) => m.paymentId === p.id)?.amount ?? "0");
        // Without its own part, the payment has (amount − matched elsewhere), the invoice its open part.
        const room = min(cents(p.amount) - cents(p.matched) + here, invoiceOpen + here);
        return { ...p, here, room };
      }),
    [invoicing, invoice, invoiceOpen],
  );
  const chosen = payments.find((p) => p.id === paymentId);
  const limit = chosen?.room ?? 0n;
  const choose = (p: Payment) => {
    setPaymentId(p.id);
    form.setFieldsValue({ amount: formatCents(p.room) });
  };
  const save = async ({ amount }: { amount: string }) => {
    if (!paymentId) return;
    setSaving(true);
    try {
      const body: InvoiceMatchInput = { paymentId, amount: amount.trim() };
      await api.post(`/invoices/${invoice.id}/matches`, body);
      showToast({ message: t("invoices.messages.matched"), color: "success" });
      onClose(true);
    } catch {
      // The server's reason (over the payment or the invoice) is shown; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={720}
      title={t("invoices.actions.match")}
      okText={t("invoices.actions.matchOk")}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{t("invoices.match.invoiceOpen", { amount: formatMoney(formatCents(invoiceOpen)) })}</p>
      {isLoading ? (
        <Skeleton active />
      ) : payments.length === 0 ? (
        <Alert type="info" showIcon message={t("invoices.match.noPayments")} />
      ) : (
        <Table<Payment>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={payments}
          rowSelection={{
            type: "radio",
            selectedRowKeys: paymentId ? [paymentId] : [],
            onChange: (_, rows) => rows[0] && choose(rows[0]),
            getCheckboxProps: (p) => ({
              disabled: p.room <= 0n,
              "aria-label": t("invoices.match.choose", {
                paidOn: p.paidOn,
                amount: formatMoney(p.amount),
              }),
            }),
          }}
          columns={[
            { key: "paidOn", dataIndex: "paidOn", title: t("invoices.match.paidOn") },
            {
              key: "amount",
              title: t("invoices.match.paymentAmount"),
              align: "right",
              render: (_, p) => <span className="fee-money">{formatMoney(p.amount)}</span>,
            },
            {
              key: "matched",
              title: t("invoices.match.matched"),
              align: "right",
              render: (_, p) => <span className="fee-money">{formatMoney(p.matched)}</span>,
            },
            {
              key: "here",
              title: t("invoices.match.matchedHere"),
              align: "right",
              render: (_, p) => (
                <span className="fee-money">{formatMoney(formatCents(p.here))}</span>
              ),
            },
            {
              key: "remaining",
              title: t("invoices.match.remaining"),
              align: "right",
              render: (_, p) => (
                <span className="fee-money">
                  {formatMoney(formatCents(cents(p.amount) - cents(p.matched)))}
                </span>
              ),
            },
          ]}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ marginTop: 16 }}>
        <Form.Item
          name="amount"
          label={t("invoices.match.amount")}
          extra={
            chosen
              ? t(chosen.here > 0n ? "invoices.match.upToReplacing" : "invoices.match.upTo", {
                  amount: formatMoney(formatCents(limit)),
                  here: formatMoney(formatCents(chosen.here)),
                })
              : null
          }
          rules={[
            { required: true, message: t("invoices.validation.amount") },
            {
              validator: async (_, value: string) => {
                const c = parseCents(value);
                if (c === null || c <= 0n) throw new Error(t("invoices.validation.amount"));
                if (chosen && c > limit)
                  throw new Error(
                    t("invoices.validation.amountOver", {
                      amount: formatMoney(formatCents(limit)),
                    }),
                  );
              },
            },
          ]}
        >
          <Input inputMode="decimal" disabled={!chosen} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
