import { and, asc, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  accounts,
  auditLogs,
  caseNumberCounters,
  dictionaryItems,
  dictionaryTypes,
  leads,
} from "../../src/server/db/tables";
import { provisionIntake } from "../../src/server/features/intake/defaults";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

type Row = Record<string, unknown> & { id: string; version: number };

/**
 * What intake refuses: bad input on every lead write (translated 4xx, nothing written), another
 * firm's leads on every route (404), and leads outside a member's row scope ("only own").
 */
describe("intake: refusals", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let partner: string;
  let lawyer: string;

  const lead = (values: Record<string, unknown> = {}) => ({
    title: "股权转让纠纷咨询",
    prospectName: "远航投资有限公司",
    prospectType: "organization",
    source: "website",
    originatorId: partner,
    ...values,
  });
  const create = async (values: Record<string, unknown> = {}, who = "lawyer") => {
    const res = await api.post(who, "/api/leads", lead(values));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  /** Leads, clients, counters and the audit log: a refused request changes none of them. */
  const written = async () =>
    Promise.all(
      [leads, accounts, caseNumberCounters, auditLogs].map(async (table) => {
        const [{ n }] = await t.database.db.select({ n: count() }).from(table);
        return n;
      }),
    );
  const raw = async (method: "POST" | "PATCH", url: string, payload: string, lang = "zh-CN") =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...(await t.as("lawyer", { lang })), "content-type": "application/json" },
    });

  beforeAll(async () => {
    ({ t, api } = suite);
    partner = await api.userId("partner");
    lawyer = await api.userId("lawyer");
  });

  it("refuses bad input with a translated 4xx and writes nothing", async () => {
    const mine = await create();
    const { b } = await firmIds(t);
    const otherFirmsMember = await api.userId("lawyer2");
    const otherFirmsClient = await api.clientId("lawyer2");
    expect(b).toBeTruthy();
    const before = await written();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ["impossible date", { consultedOn: "2031-02-30" }, 422, "consultedOn"],
      ["unknown stage", { stage: "negotiating" }, 422, "stage"],
      ["unknown source", { source: "cold-call" }, 422, "source"],
      ["won by hand", { stage: "won" }, 422, "stage"],
      ["lost without a reason", { stage: "lost" }, 422, "lostReason"],
      ["no client at all", { prospectName: undefined }, 422, "prospectName"],
      ["negative fee", { estimatedFee: "-5" }, 422, "estimatedFee"],
      [
        "unknown party role",
        { parties: [{ name: "甲", partyType: "natural", conflictRole: "x" }] },
        422,
        "parties",
      ],
      ["another firm's member", { originatorId: otherFirmsMember }, 404, ""],
      ["another firm's client", { accountId: otherFirmsClient }, 404, ""],
    ];
    for (const [what, values, status, field] of cases) {
      const res = await api.post("lawyer", "/api/leads", lead(values), "zh-CN");
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().msg, what).toMatch(/[\u4e00-\u9fff]/);
      if (field) {
        const fields = (res.json().data?.fields ?? []) as { field: string }[];
        expect(
          fields.some((f) => f.field.startsWith(field)),
          `${what}: ${res.body}`,
        ).toBe(true);
      }
    }
    // The same refusals on an update.
    for (const [what, values, status] of cases.filter(([w]) => w !== "no client at all")) {
      const res = await api.patch(
        "lawyer",
        `/api/leads/${mine.id}`,
        { ...values, version: mine.version },
        "zh-CN",
      );
      expect(res.statusCode, `update, ${what}: ${res.body}`).toBe(status);
    }
    // Hostile text and shapes are stopped at the edge.
    const body = JSON.stringify(lead());
    const hostile = [
      JSON.stringify(lead({ title: "a\u0000b" })),
      `{"__proto__":{"isAdmin":true},${body.slice(1)}`,
      `{"deep":${'{"a":'.repeat(5000)}1${"}".repeat(5000)},${body.slice(1)}`,
    ];
    for (const payload of hostile) {
      const res = await raw("POST", "/api/leads", payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const stats = await api.get("lawyer", "/api/intake/stats?from=2031-02-30", "zh-CN");
    expect(stats.statusCode).toBe(400);
    const reversed = await api.get(
      "lawyer",
      "/api/intake/stats?from=2026-03-02&to=2026-03-01",
      "zh-CN",
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().msg).toBe("结束日期不能早于开始日期");
    expect(await written()).toEqual(before);
  });

  // The other firm's administrator holds every right: only the firm scoping can stop it.
  it("answers another firm's leads with 404 on every route and changes nothing", async () => {
    const mine = await create();
    const report = await api.post("lawyer", "/api/conflicts/reports", { keywords: ["远航投资"] });
    // Signed in first: a sign-in is audited, and only the refusals are under test.
    const foreignValues = await api.values({}, "admin2");
    const before = await written();
    const tries: [string, string, unknown?][] = [
      ["GET", `/api/leads/${mine.id}`],
      ["PATCH", `/api/leads/${mine.id}`, { title: "x", version: mine.version }],
      ["DELETE", `/api/leads/${mine.id}`],
      ["POST", `/api/leads/${mine.id}/conflict-check`, {}],
      ["PUT", `/api/leads/${mine.id}/conflict-report`, { reportId: report.json().data.id }],
      ["POST", `/api/leads/${mine.id}/convert`, {}],
    ];
    for (const [method, url, body] of tries) {
      const res = await api.call(method as "GET", "admin2", url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const submitted = await api.submit("admin2", foreignValues, {
      leadId: mine.id,
    });
    expect(submitted.statusCode).toBe(404);
    const list = await api.get("admin2", "/api/leads?_end=100");
    expect((list.json().data as Row[]).map((r) => r.id)).not.toContain(mine.id);
    expect(await written()).toEqual(before);
  });

  it("counts leads and conversions per source", async () => {
    const res = await api.get("partner", "/api/intake/stats");
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as {
      source: string;
      leads: number;
      converted: number;
      conversionRate: string;
    }[];
    const website = rows.find((r) => r.source === "website")!;
    expect(website.leads).toBeGreaterThan(0);
    expect(website.conversionRate).toMatch(/^\d{1,3}\.\d{2}$/);
    const [{ n }] = await t.database.db.select({ n: count() }).from(leads);
    expect(rows.reduce((sum, r) => sum + r.leads, 0)).toBeLessThanOrEqual(n);
  });

  it("'only own' shows a lawyer the leads they entered or brought, and nothing else", async () => {
    const theirs = await create({ title: "合伙人的案源" }, "partner");
    const brought = await create({ title: "律师带来的案源", originatorId: lawyer }, "partner");
    const own = await create({ title: "律师录入的案源" });
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "lawyer");
    const rules = [
      ...role.rules.filter((r) => r.subject !== "LAWFIRM_LEAD_VIEW"),
      {
        action: ["read", "create", "update"],
        subject: "LAWFIRM_LEAD_VIEW",
        conditions: OWN_CONDITIONS,
      },
    ];
    const put = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
      rules,
      version: role.version,
    });
    expect(put.statusCode, put.body).toBe(200);

    const list = (await api.get("lawyer", "/api/leads?_end=200")).json().data as Row[];
    const ids = list.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([brought.id, own.id]));
    expect(ids).not.toContain(theirs.id);
    const before = await written();
    for (const [method, url, body] of [
      ["GET", `/api/leads/${theirs.id}`],
      ["PATCH", `/api/leads/${theirs.id}`, { title: "x", version: theirs.version }],
      ["POST", `/api/leads/${theirs.id}/conflict-check`, {}],
      ["PUT", `/api/leads/${theirs.id}/conflict-report`, { reportId: theirs.id }],
      ["POST", `/api/leads/${theirs.id}/convert`, {}],
    ] as [string, string, unknown?][]) {
      const res = await api.call(method as "GET", "lawyer", url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await written()).toEqual(before);
    expect((await api.get("lawyer", `/api/leads/${brought.id}`)).statusCode).toBe(200);

    // Statistics count only what the viewer may read.
    const sum = async (who: string) =>
      ((await api.get(who, "/api/intake/stats")).json().data as { leads: number }[]).reduce(
        (s, r) => s + r.leads,
        0,
      );
    expect(await sum("lawyer")).toBe(list.length);
    expect(await sum("partner")).toBeGreaterThan(list.length);
  });

  it("gives a firm older than intake its dictionaries once, and keeps an edited one", async () => {
    const { a, b } = await firmIds(t);
    const db = t.database.db;
    const codes = ["lead-stages", "lead-sources"];
    await db
      .delete(dictionaryTypes)
      .where(and(eq(dictionaryTypes.workspaceId, b), inArray(dictionaryTypes.code, codes)));
    await db
      .update(dictionaryItems)
      .set({ labelZh: "初次咨询" })
      .where(and(eq(dictionaryItems.workspaceId, a), eq(dictionaryItems.code, "consult")));
    await provisionIntake(db);
    await provisionIntake(db);
    const items = async (ws: string) =>
      db
        .select({
          type: dictionaryTypes.code,
          code: dictionaryItems.code,
          zh: dictionaryItems.labelZh,
        })
        .from(dictionaryItems)
        .innerJoin(
          dictionaryTypes,
          and(
            eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
            eq(dictionaryTypes.id, dictionaryItems.typeId),
          ),
        )
        .where(and(eq(dictionaryItems.workspaceId, ws), inArray(dictionaryTypes.code, codes)))
        .orderBy(asc(dictionaryItems.sortOrder));
    const back = await items(b);
    expect(back.filter((i) => i.type === "lead-stages").map((i) => i.code)).toEqual([
      "consult",
      "conflict",
      "quote",
      "won",
      "lost",
    ]);
    expect(back.filter((i) => i.type === "lead-sources")).toHaveLength(5);
    expect((await items(a)).find((i) => i.code === "consult")?.zh).toBe("初次咨询");
  });
});
