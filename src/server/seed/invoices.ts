import { and, asc, eq, ne } from "drizzle-orm";

import { splitTaxInclusive } from "../../shared/fees";
import { formatMoney } from "../../shared/money";
import { nextRequestNumber } from "../features/invoices";
import type { Db } from "../db/client";
import { accounts, caseBills, cases, invoices } from "../db/tables";
import { firmTodayOf } from "../lib/firm-time";
import { DEMO_CONTRACT_PDF } from "./demo-bodies";
import { seedFile } from "./documents";
import { startDemoApproval } from "./workflow";

type People = { lead: string; finance: string };

/**
 * Demo invoices: the paid bill of the firm's first case invoiced and issued (not yet matched to
 * its payment, so the case shows where invoicing and receipts do not meet), and in the first firm
 * a request still in its approval.
 */
export const seedInvoices = async (
  tx: Db,
  workspaceId: string,
  people: People,
  withPendingRequest: boolean,
) => {
  const ctx = { db: tx, workspaceId };
  const [billed] = await tx
    .select({ bill: caseBills, kase: cases })
    .from(caseBills)
    .innerJoin(
      cases,
      and(eq(cases.workspaceId, caseBills.workspaceId), eq(cases.id, caseBills.caseId)),
    )
    .where(and(eq(caseBills.workspaceId, workspaceId), ne(caseBills.status, "draft")))
    .orderBy(asc(caseBills.billNo))
    .limit(1);
  if (!billed) return;
  const { bill, kase } = billed;
  const [client] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, kase.accountId)));
  const today = await firmTodayOf(tx, workspaceId);
  const invoiceNo = `2644${String(Math.abs(hashOf(workspaceId)))
    .padStart(16, "0")
    .slice(0, 16)}`;
  const file = await seedFile(tx, {
    workspaceId,
    ownerId: people.finance,
    folderId: kase.folderId,
    name: `发票-${invoiceNo}.pdf`,
    mime: "application/pdf",
    body: DEMO_CONTRACT_PDF,
  });
  const base = {
    workspaceId,
    caseId: kase.id,
    accountId: kase.accountId,
    invoiceType: "electronic",
    buyerTitle: client?.name ?? kase.name,
    taxRate: "6.00",
    createdBy: people.lead,
    updatedBy: people.lead,
  };
  await tx.insert(invoices).values({
    ...base,
    requestNo: await nextRequestNumber(ctx),
    billId: bill.id,
    amount: bill.total,
    taxAmount: splitTaxInclusive(bill.total, "6.00").tax,
    items: [{ name: "法律服务费", amount: bill.total }],
    status: "issued",
    invoiceNo,
    issuedOn: today,
    invoiceFileIds: [file.id],
    issuedBy: people.finance,
    updatedBy: people.finance,
  });
  if (!withPendingRequest) return;
  const requestNo = await nextRequestNumber(ctx);
  const amount = "10600.00";
  const [pending] = await tx
    .insert(invoices)
    .values({
      ...base,
      requestNo,
      amount,
      taxAmount: splitTaxInclusive(amount, "6.00").tax,
      items: [{ name: "法律咨询服务费", amount }],
      remark: "预收下一阶段律师费",
      status: "pending",
    })
    .returning();
  const params = { no: requestNo, amount: formatMoney(amount), buyer: pending.buyerTitle };
  const approvalId = await startDemoApproval(
    tx,
    workspaceId,
    "invoice",
    people.lead,
    {
      title: `开票申请 ${params.no}：${params.amount} ${params.buyer}`,
      requestNo,
      caseRef: `${kase.caseNo} ${kase.name}`,
      buyerTitle: pending.buyerTitle,
      invoiceType: pending.invoiceType,
      amount,
      taxRate: pending.taxRate,
      taxAmount: pending.taxAmount,
      remark: pending.remark,
    },
    `invoices:${pending.id}`,
    { key: "invoices.approval.title", params },
  );
  await tx
    .update(invoices)
    .set({ approvalId })
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.id, pending.id)));
};

/** A stable number per firm, so the demo's invoice numbers differ between firms. */
export const hashOf = (text: string) => {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
};
