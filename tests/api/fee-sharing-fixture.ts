import { and, asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";

import { feeShareLines, workspaces } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import type { casesApi } from "../fixtures/cases";

type Api = ReturnType<typeof casesApi>;

export type Line = {
  period: string;
  kind: string;
  memberId: string | null;
  role: string | null;
  percent: string | null;
  amount: string;
  refersTo: string | null;
  reason: string;
  paidOn: string;
};

/** Helpers for the fee-sharing tests: clients, cases, payments and the share lines they leave. */
export const sharingApi = (t: TestApp, api: Api) => {
  const db = t.database.db;
  let serial = 0;
  const helpers = {
    async firmId(name = "Mingde Law Firm") {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.nameEn, name));
      return row.id;
    },
    /** A new client of its own, so the repeat-business rule sees only the cases a test opens. */
    async client(name: string, who = "lawyer") {
      const creditCode = `91440000FS${String((serial += 1) + Math.floor(Math.random() * 1e6)).padStart(8, "0")}`;
      const res = await api.post(who, "/api/accounts", {
        accountType: "organization",
        name: `${name}有限公司`,
        creditCode,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    },
    async open(extra: Record<string, unknown> = {}, who = "lawyer") {
      return api.open(who, extra);
    },
    async pay(caseId: string, paidOn: string, amount: string, who = "lawyer") {
      const res = await api.post(who, "/api/case-payments", {
        caseId,
        paidOn,
        amount,
        payer: "客户",
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string; version: number } & Record<string, unknown>;
    },
    /** A payment's share lines in the order written (id and time left out). */
    async lines(paymentId: string): Promise<Line[]> {
      const rows = await db
        .select()
        .from(feeShareLines)
        .where(eq(feeShareLines.paymentId, paymentId))
        .orderBy(asc(feeShareLines.createdAt), asc(feeShareLines.kind), asc(feeShareLines.key));
      return rows.map((r) => ({
        period: r.period,
        kind: r.kind,
        memberId: r.memberId,
        role: r.role,
        percent: r.percent,
        amount: r.amount,
        refersTo: r.refersTo,
        reason: r.reason,
        paidOn: r.paidOn,
      }));
    },
    /** Net amount per line key of a payment: what the lines add up to now. */
    async net(paymentId: string) {
      const rows = await db
        .select({ key: feeShareLines.key, total: sql<string>`sum(${feeShareLines.amount})::text` })
        .from(feeShareLines)
        .where(eq(feeShareLines.paymentId, paymentId))
        .groupBy(feeShareLines.key);
      return Object.fromEntries(rows.map((r) => [r.key, r.total]));
    },
    /** Every line of a firm's month, as stored (ids and times included), for before/after checks. */
    async monthRows(workspaceId: string, period: string) {
      return db
        .select()
        .from(feeShareLines)
        .where(and(eq(feeShareLines.workspaceId, workspaceId), eq(feeShareLines.period, period)))
        .orderBy(asc(feeShareLines.id));
    },
    async countLines(workspaceId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(feeShareLines)
        .where(eq(feeShareLines.workspaceId, workspaceId));
      return row.n;
    },
    /** The firm's fee settings as Settings → Fee sharing would save them. */
    async setFees(workspaceId: string, fees: Record<string, unknown> | null) {
      await db
        .update(workspaces)
        .set({
          settings:
            fees === null
              ? sql`${workspaces.settings} - 'fees'`
              : sql`jsonb_set(${workspaces.settings}, '{fees}', ${JSON.stringify(fees)}::jsonb)`,
        })
        .where(eq(workspaces.id, workspaceId));
    },
    putAllocation: (caseId: string, body: unknown, who = "lawyer", lang: "en" | "zh-CN" = "en") =>
      api.call("PUT", who, `/api/cases/${caseId}/fee-allocation`, body, lang),
  };
  return helpers;
};
