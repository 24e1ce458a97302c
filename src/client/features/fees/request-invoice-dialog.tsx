import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Col, Form, Input, Modal, Result, Row, Skeleton, Space } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import {
  INVOICE_TYPES,
  type InvoiceItem,
  type InvoiceRequestInput,
  type InvoiceRequestResult,
  type InvoiceType,
} from "../../../shared/contracts/fees";
import { formatCents, parseCents, splitTaxInclusive, sumCents } from "../../../shared/fees";
import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { FormSelect } from "../../components/form-select";
import { approvalPathOf } from "../../lib/approval-paths";
import { useSubmissionKey } from "../../lib/submission-key";
import { invoicingKey, useTaxRates } from "./api";

type Values = {
  invoiceType: InvoiceType;
  buyerTitle: string;
  buyerTaxId?: string;
  amount: string;
  taxRate: string;
  items: InvoiceItem[];
  remark?: string;
};

export type InvoiceSource = {
  caseId: string;
  billId?: string;
  paymentId?: string;
  /** What the bill or payment comes to: the amount offered. */
  amount?: string;
};

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** The tax inside the amount at the chosen rate, for the hint (null until both are valid). */
const taxOf = (cents: bigint | null, rate: string | undefined) => {
  if (cents === null || !rate) return null;
  try {
    return splitTaxInclusive(formatCents(cents), rate);
  } catch {
    return null;
  }
};

/** The client's invoicing details, else its name and credit code (the server falls back alike). */
const useBuyer = (caseId: string) =>
  useQuery({
    queryKey: ["invoice-buyer", caseId],
    queryFn: async () => {
      const kase = await api.get<{ accountId: string }>(`/cases/${caseId}`);
      const client = await api
        .get<Record<string, unknown>>(`/accounts/${kase.accountId}`, { skipErrorHandler: true })
        .catch(() => ({}) as Record<string, unknown>);
      const text = (v: unknown) => (typeof v === "string" ? v : "");
      return {
        buyerTitle: text(client.invoiceTitle) || text(client.name),
        buyerTaxId:
          text(client.taxId) ||
          (client.accountType === "individual" ? "" : text(client.creditCode)),
      };
    },
  });

/**
 * The invoice request (开票申请): type, buyer, amount with its tax rate and lines. Sent with an
 * Idempotency-Key, so a double click or a retry files one request; it then goes to the
 * "invoice" approval, which the dialog links to.
 */
export const RequestInvoiceDialog = ({
  source,
  onClose,
}: {
  source: InvoiceSource;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const keyFor = useSubmissionKey();
  const { data: buyer, isLoading } = useBuyer(source.caseId);
  const { data: rates = [] } = useTaxRates();
  const [isSaving, setSaving] = useState(false);
  const [done, setDone] = useState<InvoiceRequestResult | null>(null);
  const amount = Form.useWatch("amount", form) as string | undefined;
  const taxRate = Form.useWatch("taxRate", form) as string | undefined;
  const items = (Form.useWatch("items", form) as InvoiceItem[] | undefined) ?? [];

  useEffect(() => {
    if (buyer) form.setFieldsValue(buyer);
  }, [buyer, form]);

  const itemCents = items.map((i) => parseCents(i?.amount ?? "") ?? 0n);
  const itemsTotal = formatCents(sumCents(itemCents));
  const amountCents = parseCents(amount ?? "");
  const tax = taxOf(amountCents, taxRate);

  const submit = async (v: Values) => {
    const body: InvoiceRequestInput = {
      caseId: source.caseId,
      ...(source.billId ? { billId: source.billId } : {}),
      ...(source.paymentId ? { paymentId: source.paymentId } : {}),
      invoiceType: v.invoiceType,
      buyerTitle: v.buyerTitle.trim(),
      buyerTaxId: v.buyerTaxId?.trim() || null,
      amount: v.amount.trim(),
      taxRate: v.taxRate,
      items: v.items.map((i) => ({ name: i.name.trim(), amount: i.amount.trim() })),
      remark: v.remark?.trim() || null,
    };
    setSaving(true);
    try {
      const result = await api.post<InvoiceRequestResult>("/invoice-requests", body, keyFor(body));
      await queries.invalidateQueries({ queryKey: invoicingKey(source.caseId) });
      setDone(result);
    } catch (error) {
      const fields = (error as { fields?: { field: string; message: string }[] }).fields ?? [];
      form.setFields(
        fields.map((f) => ({
          name: f.field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never,
          errors: [f.message],
        })),
      );
    } finally {
      setSaving(false);
    }
  };

  if (done)
    return (
      <Modal open title={t("fees.request.title")} footer={null} onCancel={onClose}>
        <Result
          status="success"
          title={t("fees.request.sent")}
          subTitle={t("fees.request.sentHint")}
          extra={
            <Space wrap>
              <Button
                type="primary"
                onClick={() => {
                  onClose();
                  navigate(approvalPathOf("invoice", done.instanceId));
                }}
              >
                {t("fees.request.openApproval")}
              </Button>
              <Button onClick={onClose}>{t("fees.request.close")}</Button>
            </Space>
          }
        />
      </Modal>
    );

  const initialAmount = source.amount ?? "";
  return (
    <Modal
      open
      width={760}
      title={t("fees.request.title")}
      okText={t("fees.request.submit")}
      cancelText={t("buttons.cancel")}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{
            invoiceType: "electronic",
            amount: initialAmount,
            taxRate: rates[0]?.value,
            items: [{ name: t("fees.request.defaultItem"), amount: initialAmount }],
            ...buyer,
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="invoiceType"
                label={t("fees.request.type")}
                rules={[{ required: true, message: t("validation.required") }]}
              >
                <FormSelect
                  options={INVOICE_TYPES.map((v) => ({
                    value: v,
                    label: t(`fees.request.types.${v}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="taxRate"
                label={t("fees.request.taxRate")}
                rules={[{ required: true, message: t("validation.required") }]}
              >
                <FormSelect
                  options={rates
                    .filter((r) => r.enabled !== false)
                    .map((r) => ({ value: r.value, label: r.label }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="buyerTitle"
                label={t("fees.request.buyerTitle")}
                rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="buyerTaxId" label={t("fees.request.buyerTaxId")}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="amount"
                label={t("fees.request.amount")}
                extra={
                  tax
                    ? t("fees.request.taxOf", {
                        tax: formatMoney(tax.tax),
                        net: formatMoney(tax.net),
                      })
                    : undefined
                }
                rules={[
                  { required: true, message: t("validation.required") },
                  { pattern: MONEY, message: t("errors.fees.amountInvalid") },
                ]}
              >
                <Input prefix="¥" inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.List
            name="items"
            rules={[
              {
                validator: async (_, list: InvoiceItem[] | undefined) => {
                  if (!list?.length) throw new Error(t("fees.request.itemsRequired"));
                  if (amountCents !== null && sumCents(itemCents) !== amountCents)
                    throw new Error(
                      t("fees.request.itemsSum", {
                        items: formatMoney(itemsTotal),
                        amount: formatMoney(formatCents(amountCents)),
                      }),
                    );
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <fieldset className="fees-fieldset">
                <legend>{t("fees.request.items")}</legend>
                {fields.map((field, index) => (
                  <Row gutter={8} key={field.key} align="top">
                    <Col flex="auto">
                      <Form.Item
                        name={[field.name, "name"]}
                        rules={[
                          { required: true, whitespace: true, message: t("validation.required") },
                        ]}
                      >
                        <Input
                          aria-label={t("fees.request.itemName", { n: index + 1 })}
                          maxLength={100}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="180px">
                      <Form.Item
                        name={[field.name, "amount"]}
                        rules={[
                          { required: true, message: t("validation.required") },
                          { pattern: MONEY, message: t("errors.fees.amountInvalid") },
                        ]}
                      >
                        <Input
                          prefix="¥"
                          inputMode="decimal"
                          aria-label={t("fees.request.itemAmount", { n: index + 1 })}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="40px">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        aria-label={t("fees.request.removeItem", { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                ))}
                <Space wrap>
                  <Button icon={<PlusOutlined />} onClick={() => add({ name: "", amount: "" })}>
                    {t("fees.request.addItem")}
                  </Button>
                  <span role="status" className="text-muted">
                    {t("fees.request.itemsTotal", { total: formatMoney(itemsTotal) })}
                  </span>
                </Space>
                <Form.ErrorList errors={errors} />
              </fieldset>
            )}
          </Form.List>
          <Form.Item name="remark" label={t("fees.request.remark")}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
