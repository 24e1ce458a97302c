import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { caseSubmissions, roles, workflowInstances } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

/** What a case refuses, who sees it, and how a change of a formal case waits for approval. */
describe("case rules", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  const submissions = async () => (await t.database.db.select().from(caseSubmissions)).length;

  it("a duplicate stakeholder type is refused in zh-CN and en, and nothing is written", async () => {
    const party = { name: "王五", partyType: "natural", conflictRole: "other" };
    const before = await submissions();
    for (const [lang, message] of [
      ["zh-CN", "关联方类型重复"],
      ["en", "duplicate stakeholder type"],
    ] as const) {
      const res = await api.submit(
        "lawyer",
        await api.values({ parties: [party, party] }),
        {},
        lang,
      );
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await submissions()).toBe(before);
  });

  it("a supervising partner without a partner role is refused with a translated 400, however the case is saved", async () => {
    const finance = await api.userId("finance");
    const partner = await api.userId("partner");
    const before = await submissions();
    for (const [lang, message] of [
      ["zh-CN", "主管合伙人须为具有合伙人角色的成员"],
      ["en", "The supervising partner must be a member with a partner role"],
    ] as const) {
      const res = await api.submit(
        "lawyer",
        await api.values({ leadPartnerId: finance }),
        {},
        lang,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        msg: message,
        data: { fields: [{ field: "leadPartnerId", message }] },
      });
    }
    expect(await submissions()).toBe(before);

    // A direct edit, and an edit that waits for approval, are refused the same way.
    const kase = await api.open("lawyer", { name: "合伙人校验案件", leadPartnerId: partner });
    const detail = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    const direct = await api.patch(
      "lawyer",
      `/api/cases/${kase.id}`,
      { ...detail, leadPartnerId: finance },
      "zh-CN",
    );
    expect(direct.statusCode, direct.body).toBe(400);
    expect(direct.json().msg).toBe("主管合伙人须为具有合伙人角色的成员");
    expect(
      (
        await api.call("PUT", "admin", "/api/workflow/business-settings", {
          accountChanges: false,
          caseChanges: true,
        })
      ).statusCode,
    ).toBe(200);
    try {
      const pending = await api.patch("lawyer", `/api/cases/${kase.id}`, {
        ...detail,
        leadPartnerId: finance,
      });
      expect(pending.statusCode, pending.body).toBe(400);
      expect(pending.json().msg).toBe(
        "The supervising partner must be a member with a partner role",
      );
    } finally {
      await api.call("PUT", "admin", "/api/workflow/business-settings", {
        accountChanges: false,
        caseChanges: false,
      });
    }
    const after = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    expect(after).toMatchObject({
      leadPartnerId: partner,
      version: detail.version,
      pendingChanges: null,
    });

    // A case keeps its partner after the role loses the flag: saving it unchanged is no choice.
    const { id: roleId } = await roleByCode(t, (await firmIds(t)).a, "partner");
    await t.database.db.update(roles).set({ isPartner: false }).where(eq(roles.id, roleId));
    try {
      const kept = await api.patch("lawyer", `/api/cases/${kase.id}`, {
        ...detail,
        name: "合伙人校验案件（改）",
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.leadPartnerId).toBe(partner);
    } finally {
      await t.database.db.update(roles).set({ isPartner: true }).where(eq(roles.id, roleId));
    }
  });

  it("unknown dictionary codes, negative amounts and a lead lawyer of another firm are refused", async () => {
    const before = await submissions();
    const zhengheng = await api.userId("lawyer2");
    const bad = [
      { caseType: "no-such-type" },
      { stage: "nope" },
      { amount: "-1" },
      { parties: [{ name: "x", partyType: "alien", conflictRole: "client" }] },
    ];
    for (const extra of bad)
      expect(
        (await api.submit("lawyer", await api.values(extra))).statusCode,
        JSON.stringify(extra),
      ).toBe(422);
    expect(
      (await api.submit("lawyer", await api.values({ leadLawyerId: zhengheng }))).statusCode,
    ).toBe(404);
    expect(await submissions()).toBe(before);
  });

  it("hostile JSON (NUL, __proto__, deep nesting) never answers 5xx and writes nothing", async () => {
    const before = await submissions();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const bodies = [
      { values: { ...(await api.values()), name: "a\u0000b" } },
      JSON.parse(`{"values": {"__proto__": {"isAdmin": true}, "name": "x"}}`),
      { values: deep },
      JSON.parse(
        `{"values": ${JSON.stringify(await api.values())}, "constructor": {"prototype": {"x": 1}}}`,
      ),
    ];
    for (const body of bodies) {
      const res = await api.post("lawyer", "/api/case-submissions", body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    const q = await api.get("lawyer", "/api/cases?_sort=__proto__");
    expect(q.statusCode).toBeLessThan(500);
    expect(await submissions()).toBe(before);
  });

  it("cases cannot be created directly, only through the approval", async () => {
    const res = await api.post("admin", "/api/cases", await api.values());
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("Cases are opened through a case approval");
  });

  it("with case-change approval on, editing a formal case waits for the approval; accept applies, reject drops", async () => {
    const kase = await api.open("lawyer");
    const on = await api.call("PUT", "admin", "/api/workflow/business-settings", {
      accountChanges: false,
      caseChanges: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const detail = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    const res = await api.patch("lawyer", `/api/cases/${kase.id}`, {
      ...detail,
      name: "改名后的案件",
      amount: "99",
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer.name).toBe(kase.name);
    expect(answer.pendingChanges).toEqual({ name: "改名后的案件", amount: "99" });
    const pending = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    expect(pending.pendingApprovalId).toBe(answer.pendingApprovalId);
    expect(
      (await api.patch("lawyer", `/api/cases/${kase.id}`, { ...pending, name: "再改" })).statusCode,
    ).toBe(409);
    await api.acceptAll(answer.pendingApprovalId);
    const applied = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    expect(applied).toMatchObject({
      name: "改名后的案件",
      amount: "99.00",
      pendingChanges: null,
      pendingApprovalId: null,
    });

    const second = await api.patch("lawyer", `/api/cases/${kase.id}`, {
      ...applied,
      name: "不会生效",
    });
    const instanceId = second.json().data.pendingApprovalId as string;
    expect(
      (await api.wf.act("lawyer", instanceId, { type: "cancel", comment: "算了" })).statusCode,
    ).toBe(200);
    expect((await api.get("lawyer", `/api/cases/${kase.id}`)).json().data).toMatchObject({
      name: "改名后的案件",
      pendingChanges: null,
    });
    const [inst] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, instanceId));
    expect(inst.kind).toBe("case-change");
    await api.call("PUT", "admin", "/api/workflow/business-settings", {
      accountChanges: false,
      caseChanges: false,
    });
  });

  it("'only own' sees the cases of its team and creator; others are 404 everywhere; another firm sees nothing", async () => {
    const mine = await api.open("lawyer", {
      name: "团队可见案件",
      assistantIds: [await api.userId("intern")],
    });
    const other = await api.open("lawyer", { name: "团队外案件" });
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const rules = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: ["read", "update"], subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
    ];
    expect(
      (
        await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
          rules,
          version: role.version,
        })
      ).statusCode,
    ).toBe(200);
    const list = await api.get("intern", "/api/cases?_end=100");
    expect((list.json().data as { id: string }[]).map((c) => c.id)).toEqual([mine.id]);
    expect(list.headers["x-total-count"]).toBe("1");
    expect((await api.get("intern", `/api/cases/${mine.id}`)).statusCode).toBe(200);
    for (const url of [
      `/api/cases/${other.id}`,
      `/api/cases/${other.id}/finance`,
      `/api/cases/${other.id}/chain`,
      `/api/cases/${other.id}/approvals`,
    ]) {
      expect((await api.get("intern", url)).statusCode, url).toBe(404);
    }
    expect(
      (
        await api.post("intern", `/api/cases/${other.id}/terminate`, {
          reason: "x",
          version: other.version,
        })
      ).statusCode,
    ).toBe(404);
    const search = await api.get("intern", `/api/search?q=${encodeURIComponent("团队")}`);
    expect(JSON.stringify(search.json())).not.toContain(other.id);
    for (const url of [
      `/api/cases/${mine.id}`,
      `/api/cases/${mine.id}/finance`,
      `/api/cases?_end=10`,
    ]) {
      const res = await api.get("admin2", url);
      expect(
        res.statusCode === 404 ||
          (res.statusCode === 200 && !JSON.stringify(res.json()).includes(mine.id)),
        url,
      ).toBe(true);
    }
  });

  it("global search finds a case by number, party and court number", async () => {
    const kase = await api.open("lawyer", { name: "检索测试案件" });
    const court = await api.post("lawyer", "/api/case-court-numbers", {
      caseId: kase.id,
      number: "（2026）京0105民初12345号",
      court: "北京市朝阳区人民法院",
      isCurrent: true,
    });
    expect(court.statusCode, court.body).toBe(200);
    for (const q of [kase.caseNo, "京0105民初12345", "李四贸易"]) {
      const res = await api.get("lawyer", `/api/search?q=${encodeURIComponent(q)}`);
      expect(JSON.stringify(res.json()), q).toContain(kase.id);
    }
  });
});
