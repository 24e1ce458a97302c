import { type BaseRecord, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Skeleton, Tabs } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { CaseFeesPanel, RequestInvoiceButton, useFeeTerms } from "../fees";
import { useFinance } from "./api";
import { CaseRecords } from "./case-records";

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Totals the server computes by the fee arrangement (PostgreSQL sums; strings, never floats). */
const FinanceSummary = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const { data } = useFinance(caseId);
  const { data: terms } = useFeeTerms(caseId);
  if (!data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const hours = (Number(data.minutes) / 60).toFixed(1);
  const money = (value: string | null | undefined) => formatMoney(value) || t("schemaUi.notSet");
  // A fee agreement, once entered, is the case's fee: its parts are on the card below.
  const agreement = terms?.arrangement;
  const fee = agreement
    ? [
        {
          key: "feeType",
          label: t("cases.fields.feeType"),
          children: t(`fees.kinds.${agreement.kind}`),
        },
        {
          key: "agreedFee",
          label: t("cases.finance.agreedFee"),
          children: terms.agreedFee ? formatMoney(terms.agreedFee) : t("fees.terms.agreedUnknown"),
        },
      ]
    : [
        {
          key: "feeType",
          label: t("cases.fields.feeType"),
          children: data.feeType ? t(`cases.feeTypes.${data.feeType}`) : t("schemaUi.notSet"),
        },
        { key: "agreedFee", label: t("cases.finance.agreedFee"), children: money(data.agreedFee) },
        { key: "fixedFee", label: t("cases.finance.fixedFee"), children: money(data.fixedFee) },
        {
          key: "contingentFee",
          label: t("cases.finance.contingentFee"),
          children: money(data.contingentFee),
        },
      ];
  const items = [
    ...fee,
    {
      key: "time",
      label: t("cases.finance.time"),
      children: t("cases.finance.timeValue", { hours, amount: money(data.timeBillable) }),
    },
    {
      key: "timeUnbilled",
      label: t("cases.finance.timeUnbilled"),
      children: money(data.timeUnbilled),
    },
    { key: "billed", label: t("cases.finance.billed"), children: money(data.billed) },
    { key: "paid", label: t("cases.finance.paid"), children: money(data.paid) },
    {
      key: "outstanding",
      label: t("cases.finance.outstanding"),
      children: <strong>{money(data.outstanding)}</strong>,
    },
  ];
  return (
    <Descriptions
      className="case-finance-summary"
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items}
    />
  );
};

/** "New bill": takes every unbilled billable time entry plus the fixed part typed here. */
const NewBillButton = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const queries = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [form] = Form.useForm<{ fixedAmount?: string; remark?: string }>();
  const save = async (v: { fixedAmount?: string; remark?: string }) => {
    setSaving(true);
    try {
      await api.post("/case-bills", {
        caseId,
        ...(v.fixedAmount ? { fixedAmount: v.fixedAmount } : {}),
        ...(v.remark ? { remark: v.remark } : {}),
      });
      setOpen(false);
      await invalidate({ resource: "case-bills", invalidates: ["list"] });
      await invalidate({ resource: "case-time-entries", invalidates: ["list"] });
      await queries.invalidateQueries({ queryKey: ["case-finance", caseId] });
    } catch {
      // The http layer has shown the server's reason; the dialog stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t("cases.bills.create")}
      </Button>
      <Modal
        open={isOpen}
        title={t("cases.bills.create")}
        okText={t("cases.bills.createOk")}
        confirmLoading={isSaving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="text-muted">{t("cases.bills.createHint")}</p>
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} preserve={false}>
          <Form.Item
            name="fixedAmount"
            label={t("cases.bills.fields.fixedAmount")}
            rules={[{ pattern: MONEY, message: t("cases.finance.money") }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="remark" label={t("cases.bills.fields.remark")}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};

/** Issue (draft → issued) and void, each against the bill's version. */
const BillActions = ({
  bill,
  caseId,
  canEdit,
}: {
  bill: BaseRecord;
  caseId: string;
  canEdit: boolean;
}) => {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const queries = useQueryClient();
  if (!canEdit) return null;
  const move = async (to: "issue" | "void") => {
    await api
      .post(`/case-bills/${String(bill.id)}/${to}`, { version: bill.version })
      .catch(() => undefined);
    await invalidate({ resource: "case-bills", invalidates: ["list"] });
    await invalidate({ resource: "case-time-entries", invalidates: ["list"] });
    await queries.invalidateQueries({ queryKey: ["case-finance", caseId] });
  };
  return (
    <>
      {bill.status === "draft" ? (
        <Button size="small" type="link" onClick={() => void move("issue")}>
          {t("cases.bills.issue")}
        </Button>
      ) : null}
      {bill.status !== "void" && bill.status !== "paid" ? (
        <Popconfirm title={t("cases.bills.voidConfirm")} onConfirm={() => void move("void")}>
          <Button size="small" type="link" danger>
            {t("cases.bills.void")}
          </Button>
        </Popconfirm>
      ) : null}
    </>
  );
};

/**
 * The case's money: the summary, the fee agreement, invoicing and fee sharing (the fees
 * feature's cards), then time, payments, bills and expenses, each from its schema.
 */
export const FinanceTab = ({ caseId, canEdit }: { caseId: string; canEdit: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <FinanceSummary caseId={caseId} />
      <Suspense fallback={<Skeleton active />}>
        <CaseFeesPanel caseId={caseId} canEdit={canEdit} />
      </Suspense>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: "time",
            label: t("cases.finance.tabs.time"),
            children: (
              <CaseRecords
                caseId={caseId}
                resource="case-time-entries"
                title={t("cases.finance.tabs.time")}
                canEdit={canEdit}
                isLocked={(r) => Boolean(r.billId)}
              />
            ),
          },
          {
            key: "payments",
            label: t("cases.finance.tabs.payments"),
            children: (
              <CaseRecords
                caseId={caseId}
                resource="case-payments"
                title={t("cases.finance.tabs.payments")}
                canEdit={canEdit}
                moreActions={(r) =>
                  canEdit ? (
                    <RequestInvoiceButton
                      source={{ caseId, paymentId: String(r.id), amount: String(r.amount ?? "") }}
                    />
                  ) : null
                }
              />
            ),
          },
          {
            key: "bills",
            label: t("cases.finance.tabs.bills"),
            children: (
              <CaseRecords
                caseId={caseId}
                resource="case-bills"
                title={t("cases.finance.tabs.bills")}
                canEdit={canEdit}
                isLocked={(r) => r.status !== "draft"}
                createButton={canEdit ? <NewBillButton caseId={caseId} /> : null}
                moreActions={(r) => (
                  <>
                    <BillActions bill={r} caseId={caseId} canEdit={canEdit} />
                    {canEdit && r.status !== "draft" && r.status !== "void" ? (
                      <RequestInvoiceButton
                        source={{ caseId, billId: String(r.id), amount: String(r.total ?? "") }}
                      />
                    ) : null}
                  </>
                )}
              />
            ),
          },
          {
            key: "expenses",
            label: t("fees.expenses.tab"),
            children: (
              <CaseRecords
                caseId={caseId}
                resource="case-expenses"
                title={t("fees.expenses.title")}
                canEdit={canEdit}
                // A billed expense is on a bill the client has seen: it no longer changes.
                isLocked={(r) => Boolean(r.billId)}
              />
            ),
          },
        ]}
      />
    </>
  );
};
