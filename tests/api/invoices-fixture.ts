import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";

import { invoices, roles, workflowInstances, workspaces } from "../../src/server/db/tables";
import { todayOf } from "../../src/server/features/cases/lifecycle";
import { DEFAULT_FIRM_TIME_ZONE } from "../../src/shared/firm-time";
import type { PermissionRule } from "../../src/shared/permissions";
import type { TestApp } from "../fixtures/app";
import { contractsApi } from "../fixtures/contracts";

export const today = () => todayOf(new Date(), DEFAULT_FIRM_TIME_ZONE);

/**
 * Helpers of the invoice API tests: invoice rights for the demo roles (the role templates give
 * none yet), a case with an issued bill and a payment, a request, and the approval accepted.
 */
export const invoicesApi = (t: TestApp) => {
  const api = contractsApi(t);
  const firm = async (nameEn: string) =>
    (await t.database.db.select().from(workspaces).where(eq(workspaces.nameEn, nameEn)))[0].id;
  const self = {
    ...api,
    api,
    firm,
    /** Sets a role's rights on a subject (invoices by default) through the role editor. */
    async grant(
      code: string,
      action: PermissionRule["action"],
      conditions?: Record<string, unknown>,
      subject = "LAWFIRM_INVOICE_VIEW",
      firmName = "Mingde Law Firm",
      admin = "admin",
    ) {
      const workspaceId = await firm(firmName);
      const [role] = await t.database.db
        .select()
        .from(roles)
        .where(and(eq(roles.workspaceId, workspaceId), eq(roles.code, code)));
      const rules = [
        ...(role.rules as PermissionRule[]).filter((r) => r.subject !== subject),
        { action, subject, ...(conditions ? { conditions } : {}) },
      ];
      const res = await api.call("PUT", admin, `/api/roles/${role.id}/rules`, {
        rules,
        version: role.version,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** A formal case of `who` with an issued bill of `fixed` and a payment of `paid` against it. */
    async caseWithMoney(who = "lawyer", fixed = "20000.00", paid = "15000.00") {
      const kase = await api.open(who);
      const bill = await api.post(who, "/api/case-bills", { caseId: kase.id, fixedAmount: fixed });
      expect(bill.statusCode, bill.body).toBe(200);
      const billId = bill.json().data.id as string;
      const issued = await api.post(who, `/api/case-bills/${billId}/issue`, {
        version: bill.json().data.version,
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const payment = await api.post(who, "/api/case-payments", {
        caseId: kase.id,
        paidOn: today(),
        amount: paid,
        method: "bank-transfer",
        payer: "委托人",
        billId,
      });
      expect(payment.statusCode, payment.body).toBe(200);
      return { kase, billId, paymentId: payment.json().data.id as string };
    },
    request: (who: string, body: Record<string, unknown>, lang?: "en" | "zh-CN") =>
      api.post(who, "/api/invoice-requests", body, lang),
    body: (caseId: string, extra: Record<string, unknown> = {}) => ({
      caseId,
      invoiceType: "vatNormal",
      amount: "10600.00",
      taxRate: "6.00",
      items: [{ name: "律师服务费", amount: "10600.00" }],
      ...extra,
    }),
    /** Files a request and accepts its approval: the invoice id, approved. */
    async approved(who: string, body: Record<string, unknown>) {
      const res = await self.request(who, body);
      expect(res.statusCode, res.body).toBe(200);
      const { invoiceId, instanceId } = res.json().data as {
        invoiceId: string;
        instanceId: string;
      };
      await api.acceptAll(instanceId);
      expect((await self.row(invoiceId)).status).toBe("approved");
      return { invoiceId, instanceId };
    },
    async issue(invoiceId: string, no: string, extra: Record<string, unknown> = {}) {
      const [fileId] = await api.files("finance", ["发票.pdf"]);
      return api.post("finance", `/api/invoices/${invoiceId}/issue`, {
        invoiceNo: no,
        issuedOn: today(),
        invoiceFileIds: [fileId],
        ...extra,
      });
    },
    row: async (id: string) =>
      (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0],
    counts: async () => ({
      invoices: (await t.database.db.select({ n: count() }).from(invoices))[0].n,
      approvals: (await t.database.db.select({ n: count() }).from(workflowInstances))[0].n,
    }),
  };
  return self;
};
