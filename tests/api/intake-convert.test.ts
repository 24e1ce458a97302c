import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { accounts, conflictReports, leads } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { firmIds } from "../fixtures/org";

type Row = Record<string, unknown> & { id: string; version: number };

/**
 * A lead from consultation to its case: entered with a numbered lead no., its conflict check kept
 * on it, converted into a new client and a prefilled case submission (one client however often
 * the click is retried), and, when the case's approval accepts, won and linked to the case whose
 * fee-sharing allocation names the lead's originator.
 */
describe("intake: lead → conflict check → convert → case", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let partner: string;
  let lawyer: string;
  let seq = 0;

  const newLead = async (values: Record<string, unknown> = {}, who = "lawyer") => {
    const res = await api.post(who, "/api/leads", {
      title: "星河电子有限公司买卖合同纠纷",
      prospectName: "星河电子有限公司",
      prospectType: "organization",
      prospectIdNumber: `91110000${String(Date.now()).slice(-6)}${String(++seq).padStart(4, "0")}`,
      contactName: "赵女士",
      contactPhone: "13900000000",
      consultedOn: "2026-03-02",
      caseType: "civil-litigation",
      estimatedFee: "60000",
      source: "referral",
      originatorId: partner,
      parties: [
        { name: "北辰物流有限公司", partyType: "organization", conflictRole: "counterparty" },
      ],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };

  beforeAll(async () => {
    ({ t, api } = suite);
    partner = await api.userId("partner");
    lawyer = await api.userId("lawyer");
  });

  it("numbers a new lead and starts it at consultation", async () => {
    const lead = await newLead();
    expect(lead).toMatchObject({ stage: "consult", estimatedFee: "60000.00", caseId: null });
    expect(lead.leadNo).toMatch(/^XS\d{4}-\d{4}$/);
    const next = await newLead({ title: "第二条案源" });
    expect(Number(String(next.leadNo).slice(-4))).toBe(Number(String(lead.leadNo).slice(-4)) + 1);
  });

  it("runs the whole path and carries the originator into the case", async () => {
    const lead = await newLead();

    const checked = await api.post("lawyer", `/api/leads/${lead.id}/conflict-check`, {});
    expect(checked.statusCode, checked.body).toBe(200);
    const { lead: afterCheck, report } = checked.json().data as { lead: Row; report: Row };
    expect(afterCheck).toMatchObject({ stage: "conflict", conflictReportId: report.id });
    expect(report.keywords).toEqual(["星河电子有限公司", "北辰物流有限公司"]);

    // A retried click under one Idempotency-Key makes one client and answers the same.
    const key = randomUUID();
    const headers = await t.as("lawyer", { lang: "en", "idempotency-key": key });
    const first = await t.app.inject({
      method: "POST",
      url: `/api/leads/${lead.id}/convert`,
      headers,
    });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/leads/${lead.id}/convert`,
      headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const prefill = first.json().data as Record<string, unknown> & { accountId: string };
    expect(prefill).toMatchObject({
      leadId: lead.id,
      name: lead.title,
      caseType: "civil-litigation",
      conflictReportId: report.id,
      originatorId: partner,
      feeAllocation: { originatorId: partner, lines: [] },
      isAccountCreated: true,
      parties: lead.parties,
    });
    const made = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.name, "星河电子有限公司"));
    expect(made.map((a) => a.id)).toEqual([prefill.accountId]);
    expect(made[0].accountType).toBe("organization");
    // Converting again without a key names the client the lead now remembers.
    const second = await api.post("lawyer", `/api/leads/${lead.id}/convert`, {});
    expect(second.json().data).toMatchObject({
      accountId: prefill.accountId,
      isAccountCreated: false,
    });

    const values = await api.values({
      name: prefill.name,
      accountId: prefill.accountId,
      caseType: prefill.caseType,
      parties: prefill.parties,
      feeAllocation: {
        originatorId: partner,
        lines: [
          { memberId: partner, role: "originator", percent: "30" },
          { memberId: lawyer, role: "lead", percent: "70" },
        ],
      },
    });
    const submitted = await api.submit("lawyer", values, {
      conflictReportId: prefill.conflictReportId,
      leadId: lead.id,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { instanceId } = submitted.json().data as { instanceId: string };
    // Until the approval accepts, the lead is not won.
    expect((await api.get("lawyer", `/api/leads/${lead.id}`)).json().data.stage).toBe("conflict");
    await api.acceptAll(instanceId);
    const caseId = (await api.get("lawyer", `/api/case-submissions/${instanceId}`)).json().data
      .caseId as string;
    expect(caseId).toBeTruthy();

    const won = (await api.get("lawyer", `/api/leads/${lead.id}`)).json().data as Row;
    expect(won).toMatchObject({ stage: "won", caseId, accountId: prefill.accountId });
    expect(won.convertedAt).toBeTruthy();
    const kase = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data as Row;
    expect(kase).toMatchObject({
      accountId: prefill.accountId,
      feeAllocation: { originatorId: partner },
    });
    const [kept] = await t.database.db
      .select({ caseId: conflictReports.caseId })
      .from(conflictReports)
      .where(eq(conflictReports.id, report.id));
    expect(kept.caseId).toBe(caseId);

    // A converted lead is the case's history: it no longer changes, converts or opens a case.
    const edit = await api.patch("lawyer", `/api/leads/${lead.id}`, {
      title: "x",
      version: won.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe("This lead has become a case and can no longer change");
    expect((await api.post("lawyer", `/api/leads/${lead.id}/convert`, {})).statusCode).toBe(409);
    const twice = await api.submit("lawyer", values, { leadId: lead.id }, "zh-CN");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe("该案源已转化为案件，不能再修改");
  });

  it("converts a lead of an existing client without making one", async () => {
    const accountId = await api.clientId("lawyer");
    const lead = await newLead({ accountId, prospectName: undefined, prospectType: undefined });
    const before = (await t.database.db.select({ id: accounts.id }).from(accounts)).length;
    const res = await api.post("lawyer", `/api/leads/${lead.id}/convert`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ accountId, isAccountCreated: false });
    expect((await t.database.db.select({ id: accounts.id }).from(accounts)).length).toBe(before);
  });

  it("keeps a report saved on the conflicts screen, only the firm's own", async () => {
    const lead = await newLead();
    const saved = await api.post("lawyer", "/api/conflicts/reports", {
      keywords: ["星河电子有限公司"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reportId = saved.json().data.id as string;
    const put = await api.call("PUT", "lawyer", `/api/leads/${lead.id}/conflict-report`, {
      reportId,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ conflictReportId: reportId, stage: "conflict" });

    const { b } = await firmIds(t);
    const [foreign] = await t.database.db
      .select({ id: conflictReports.id })
      .from(conflictReports)
      .where(eq(conflictReports.workspaceId, b));
    const other = await newLead();
    const refused = await api.call("PUT", "lawyer", `/api/leads/${other.id}/conflict-report`, {
      reportId: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ reportId: leads.conflictReportId, version: leads.version })
      .from(leads)
      .where(and(eq(leads.id, other.id)));
    expect(row).toEqual({ reportId: null, version: other.version });
  });

  it("answers a lost lead's conversion with a translated refusal", async () => {
    const lead = await newLead({ stage: "lost", lostReason: "预算不足" });
    const res = await api.post("lawyer", `/api/leads/${lead.id}/convert`, {}, "zh-CN");
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("该案源已未签约，不能进行利冲检索或转化");
  });
});
