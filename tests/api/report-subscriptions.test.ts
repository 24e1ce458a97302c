import { randomUUID } from "node:crypto";

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLogs, reportSubscriptions } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { firmIds, orgApi } from "../fixtures/org";

/**
 * Scheduled reports' routes (issue 30): a member's own subscriptions, only to reports and scopes
 * they may view now, idempotent creation, and hostile input refused with nothing written. The
 * job is in report-subscriptions-job.test.ts.
 */
const URL = "/api/report-subscriptions";
const weekly = {
  reportKey: "money",
  scope: "firm",
  period: "last",
  cadence: "weekly",
  weekday: 1,
  hour: 8,
  language: "en",
};

describe("report subscriptions", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firmA: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firmA = (await firmIds(t)).a;
  });
  afterAll(() => t.close());

  const rowCount = async () => {
    const [{ n }] = await t.database.db.select({ n: count() }).from(reportSubscriptions);
    return n;
  };
  const raw = async (who: string, payload: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: URL,
      headers: await t.as(who, { lang: "en", "content-type": "application/json", ...extra }),
      payload,
    });

  describe("POST /api/report-subscriptions", () => {
    it("subscribes the caller, counting from now: the first e-mail is the next send moment", async () => {
      const res = await api.post("admin", URL, weekly);
      expect(res.statusCode, res.body).toBe(200);
      const sub = res.json().data;
      expect(sub).toMatchObject({
        reportKey: "money",
        scope: "firm",
        departmentId: null,
        cadence: "weekly",
        weekday: 1,
        monthDay: null,
        hour: 8,
        isActive: true,
        version: 1,
      });
      expect(sub.lastSentPeriod).toMatch(/^\d{4}-W\d{2}$/);
      expect(new Date(sub.nextSendAt).getTime()).toBeGreaterThan(Date.now());
      // Monday 08:00 in Shanghai is Monday 00:00 UTC.
      expect(new Date(sub.nextSendAt).getUTCDay()).toBe(1);
      expect(new Date(sub.nextSendAt).getUTCHours()).toBe(0);
      const [audit] = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "report_subscriptions"), eq(auditLogs.entityId, sub.id)));
      expect(audit.action).toBe("create");
    });

    it("drops the day the cadence does not use and names the one it needs", async () => {
      const res = await api.post("admin", URL, {
        ...weekly,
        cadence: "monthly",
        weekday: 3,
        monthDay: 28,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ weekday: null, monthDay: 28 });
      expect(res.json().data.lastSentPeriod).toMatch(/^\d{4}-\d{2}$/);
      const before = await rowCount();
      const missing = await api.post("admin", URL, { ...weekly, weekday: undefined }, "zh-CN");
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({ code: 422, msg: "请选择星期几。" });
      expect(missing.json().data.fields[0].field).toBe("weekday");
      const noDay = await api.post("admin", URL, { ...weekly, cadence: "monthly" });
      expect(noDay.json().data.fields[0].field).toBe("monthDay");
      for (const [field, value] of [
        ["hour", 24],
        ["weekday", 8],
        ["monthDay", 29],
        ["period", "decade"],
        ["language", "fr"],
        ["reportKey", "Money!"],
      ] as const) {
        const bad = await api.post("admin", URL, { ...weekly, monthDay: 1, [field]: value });
        expect(bad.statusCode, `${field} ${bad.body}`).toBe(422);
        expect(JSON.stringify(bad.json().data.fields)).toContain(field);
      }
      expect(await rowCount()).toBe(before);
    });

    it("refuses a report or scope the caller may not view now, writing nothing", async () => {
      const before = await rowCount();
      const lawyerFirm = await api.post("lawyer", URL, weekly, "zh-CN");
      expect(lawyerFirm.statusCode).toBe(403);
      expect(lawyerFirm.json().msg).toContain("无权");
      const intern = await api.post("intern", URL, { ...weekly, scope: "me" });
      expect(intern.statusCode).toBe(403);
      const unknown = await api.post("admin", URL, { ...weekly, reportKey: "no-such-report" });
      expect(unknown.statusCode).toBe(404);
      const foreignDept = await api.post("admin", URL, {
        ...weekly,
        scope: "department",
        departmentId: randomUUID(),
      });
      expect(foreignDept.statusCode).toBe(404);
      expect(await rowCount()).toBe(before);
      // …while the lawyer may subscribe to their own figures and the department they head.
      const own = await api.post("lawyer", URL, { ...weekly, scope: "me" });
      expect(own.statusCode, own.body).toBe(200);
      const dept = await api.post("lawyer", URL, { ...weekly, scope: "department" });
      expect(dept.statusCode, dept.body).toBe(200);
      expect(dept.json().data.departmentId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("makes one subscription per Idempotency-Key, even sent three times at once", async () => {
      const key = randomUUID();
      const before = await rowCount();
      const body = JSON.stringify({ ...weekly, reportKey: "workload" });
      const answers = await Promise.all(
        [0, 1, 2].map(() => raw("admin", body, { "idempotency-key": key })),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
      const replay = await raw("admin", body, { "idempotency-key": key });
      expect(replay.json().data.id).toBe(answers[0].json().data.id);
      expect(await rowCount()).toBe(before + 1);
      const otherBody = await raw("admin", JSON.stringify(weekly), { "idempotency-key": key });
      expect(otherBody.statusCode).toBe(422);
      expect(await rowCount()).toBe(before + 1);
    });

    it("refuses NUL, __proto__ and deep JSON with a translated 400, writing nothing", async () => {
      const before = await rowCount();
      const zh = { lang: "zh-CN" };
      const nul = await raw("admin", JSON.stringify({ ...weekly, reportKey: "mo\u0000ney" }), zh);
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ code: 400, data: { fields: [{ field: "reportKey" }] } });
      const proto = await raw(
        "admin",
        `{"__proto__":{"isAdmin":true},${JSON.stringify(weekly).slice(1)}`,
        zh,
      );
      let deep = '"x"';
      for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
      const tooDeep = await raw("admin", `{"language":${deep}}`, zh);
      for (const res of [nul, proto, tooDeep]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toHaveProperty("data");
        // Translated: the Chinese message, not an English or technical one.
        expect(res.json().msg).not.toMatch(/^[\x20-\x7e]+$/);
      }
      expect(await rowCount()).toBe(before);
    });
  });

  describe("GET /api/report-subscriptions", () => {
    it("lists the caller's own subscriptions only", async () => {
      const mine = await api.get("admin", URL);
      expect(mine.statusCode).toBe(200);
      const ids = (mine.json().data as { id: string }[]).map((s) => s.id);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      const lawyers = (await api.get("lawyer", URL)).json().data as { id: string }[];
      expect(lawyers).toHaveLength(2);
      expect(lawyers.some((s) => ids.includes(s.id))).toBe(false);
      // The other firm's admin sees their firm's (the demo's) and none of ours.
      const other = (await api.get("admin2", URL)).json().data as { id: string }[];
      expect(other.some((s) => ids.includes(s.id))).toBe(false);
      expect((await api.get("intern", URL)).statusCode).toBe(403);
    });
  });

  describe("PATCH /api/report-subscriptions/:id", () => {
    let id: string;
    beforeAll(async () => {
      id = (await api.post("admin", URL, { ...weekly, reportKey: "intake" })).json().data.id;
    });

    it("pauses, resumes and reschedules against the version read", async () => {
      const paused = await api.patch("admin", `${URL}/${id}`, { isActive: false, version: 1 });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().data).toMatchObject({ isActive: false, nextSendAt: null, version: 2 });
      const stale = await api.patch("admin", `${URL}/${id}`, { isActive: true, version: 1 });
      expect(stale.statusCode).toBe(409);
      const moved = await api.patch("admin", `${URL}/${id}`, {
        isActive: true,
        cadence: "monthly",
        monthDay: 15,
        hour: 18,
        period: "quarter",
        language: "zh-CN",
        version: 2,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({
        isActive: true,
        cadence: "monthly",
        weekday: null,
        monthDay: 15,
        period: "quarter",
        language: "zh-CN",
        version: 3,
      });
      expect(moved.json().data.lastSentPeriod).toMatch(/^\d{4}-\d{2}$/);
    });

    it("checks a new scope against the caller's rights", async () => {
      const lawyers = (await api.get("lawyer", URL)).json().data as {
        id: string;
        version: number;
      }[];
      const [first] = lawyers;
      const firm = await api.patch("lawyer", `${URL}/${first.id}`, {
        scope: "firm",
        version: first.version,
      });
      expect(firm.statusCode).toBe(403);
      const [row] = await t.database.db
        .select()
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.id, first.id));
      expect(row.scope).not.toBe("firm");
    });

    it("finds no other member's or other firm's subscription", async () => {
      const lawyers = (await api.get("lawyer", URL)).json().data as { id: string }[];
      const other = await api.patch("admin", `${URL}/${lawyers[0].id}`, {
        isActive: false,
        version: 1,
      });
      expect(other.statusCode).toBe(404);
      const foreign = await api.patch("admin2", `${URL}/${id}`, { isActive: false, version: 3 });
      expect(foreign.statusCode).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.id, id));
      expect(row.isActive).toBe(true);
    });
  });

  describe("DELETE /api/report-subscriptions/:id", () => {
    it("unsubscribes the caller; another member or firm gets 404", async () => {
      const id = (await api.post("admin", URL, { ...weekly, reportKey: "deadlines" })).json().data
        .id;
      expect((await api.del("lawyer", `${URL}/${id}`)).statusCode).toBe(404);
      expect((await api.del("admin2", `${URL}/${id}`)).statusCode).toBe(404);
      const gone = await api.del("admin", `${URL}/${id}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().data).toEqual({ id });
      const rows = await t.database.db
        .select()
        .from(reportSubscriptions)
        .where(and(eq(reportSubscriptions.workspaceId, firmA), eq(reportSubscriptions.id, id)));
      expect(rows).toHaveLength(0);
      expect((await api.del("admin", `${URL}/${id}`)).statusCode).toBe(404);
    });
  });
});
