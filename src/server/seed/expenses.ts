import dayjs from "dayjs";
import { asc, eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { caseExpenses, cases } from "../db/tables";

/**
 * Expenses advanced on the firm's first case (features/fees): a court fee the firm paid, to go
 * onto the next bill, and an appraisal fee the client paid directly, kept only for the record.
 */
export const seedExpenses = async (tx: Db, workspaceId: string, lead: string) => {
  const [first] = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(eq(cases.workspaceId, workspaceId))
    .orderBy(asc(cases.caseNo))
    .limit(1);
  if (!first) return;
  const day = (ago: number) => dayjs().subtract(ago, "day").format("YYYY-MM-DD");
  const expense = (
    values: Pick<
      typeof caseExpenses.$inferInsert,
      "spentOn" | "category" | "amount" | "paidBy" | "billable" | "description"
    >,
  ) => ({ workspaceId, caseId: first.id, createdBy: lead, updatedBy: lead, ...values });
  await tx.insert(caseExpenses).values([
    expense({
      spentOn: day(30),
      category: "court-fee",
      amount: "2675.00",
      paidBy: "firm",
      billable: true,
      description: "一审案件受理费（律所垫付）",
    }),
    expense({
      spentOn: day(12),
      category: "appraisal-fee",
      amount: "8000.00",
      paidBy: "client",
      billable: false,
      description: "笔迹鉴定费，委托人直接支付",
    }),
  ]);
};
