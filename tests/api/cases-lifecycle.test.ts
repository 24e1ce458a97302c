import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLogs, cases, notifications } from "../../src/server/db/tables";
import { expirePreFilingCases, formalizeCase } from "../../src/server/features/cases/lifecycle";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";

const DAY = 86_400_000;

/** Pre-filing cases: validity from the filing type, extend, terminate, formalize, the expiry job. */
describe("the pre-filing lifecycle", () => {
  const suite = casesSuite({ casesExpiryIntervalSeconds: 0 });
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  const preFiling = (name: string) => api.open("lawyer", { name, filingType: "pre-filing" });
  const row = async (id: string) =>
    (await t.database.db.select().from(cases).where(eq(cases.id, id)))[0];
  const ctxOf = async () => {
    const [c] = await t.database.db.select().from(cases).limit(1);
    return {
      userId: await api.userId("admin"),
      workspaceId: c.workspaceId,
      db: t.database.db,
    } as never;
  };

  it("a pre-filing type opens a pre-filing case valid for its days", async () => {
    const kase = await preFiling("预立案甲");
    expect(kase.status).toBe("pre-filing");
    const expected = new Date(Date.now() + 30 * DAY).toLocaleDateString("en-CA", {
      timeZone: "Asia/Shanghai",
    });
    expect(kase.validUntil).toBe(expected);
  });

  it("extending adds days to the validity; a stale version or a formal case is refused", async () => {
    const kase = await preFiling("预立案乙");
    const res = await api.post("lawyer", `/api/cases/${kase.id}/extend`, {
      days: 10,
      version: kase.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = new Date(Date.parse(String(kase.validUntil)) + 10 * DAY)
      .toISOString()
      .slice(0, 10);
    expect(res.json().data.validUntil).toBe(next);
    expect(
      (
        await api.post("lawyer", `/api/cases/${kase.id}/extend`, {
          days: 10,
          version: kase.version,
        })
      ).statusCode,
    ).toBe(409);
    for (const days of [0, -3, 1.5, "x"]) {
      expect(
        (
          await api.post("lawyer", `/api/cases/${kase.id}/extend`, {
            days,
            version: kase.version + 1,
          })
        ).statusCode,
      ).toBe(422);
    }
    const formal = await api.open("lawyer", { name: "正式案件" });
    const refused = await api.post(
      "lawyer",
      `/api/cases/${formal.id}/extend`,
      { days: 5, version: formal.version },
      "zh-CN",
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("只有预立案案件可以延期");
  });

  it("terminating needs a reason; a terminated case cannot be edited", async () => {
    const kase = await preFiling("预立案丙");
    const blank = await api.post("lawyer", `/api/cases/${kase.id}/terminate`, {
      reason: "   ",
      version: kase.version,
    });
    expect(blank.statusCode).toBe(422);
    expect((await row(kase.id)).status).toBe("pre-filing");
    const res = await api.post("lawyer", `/api/cases/${kase.id}/terminate`, {
      reason: "客户放弃委托",
      version: kase.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "terminated",
      terminationReason: "客户放弃委托",
    });
    const edit = await api.patch(
      "lawyer",
      `/api/cases/${kase.id}`,
      { ...res.json().data, name: "改名" },
      "en",
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe("A closed or terminated case cannot be changed");
  });

  it("expired pre-filing cases terminate once, with notification and audit; in-time and formalized ones do not", async () => {
    const expiring = await preFiling("将过期");
    const archived = await preFiling("已归档");
    const ctx = await ctxOf();
    await formalizeCase(
      { ...(ctx as object), workspaceId: (await row(archived.id)).workspaceId } as never,
      archived.id,
    );
    expect((await row(archived.id)).status).toBe("formal");
    const later = new Date(Date.now() + 31 * DAY);
    // Two runners at once (two app processes): each case is terminated exactly once.
    const [a, b] = await Promise.all([
      expirePreFilingCases(t.database.db, later),
      expirePreFilingCases(t.database.db, later),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const after = await row(expiring.id);
    expect(after).toMatchObject({
      status: "terminated",
      terminationReason: "system:validity-expired",
    });
    expect((await row(archived.id)).status).toBe("formal");
    expect(await expirePreFilingCases(t.database.db, later)).toBe(0);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, expiring.id));
    expect(audits.filter((r) => r.action === "update" && r.userId === null)).toHaveLength(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, expiring.id));
    expect(notes.map((n) => n.userId)).toContain(await api.userId("lawyer"));
    // A late archive does not revive it.
    await expect(
      formalizeCase({ ...(ctx as object), workspaceId: after.workspaceId } as never, expiring.id),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("a case whose validity passed cannot be made formal even before the job ran", async () => {
    const kase = await preFiling("过期未处理");
    const ctx = {
      ...((await ctxOf()) as object),
      workspaceId: (await row(kase.id)).workspaceId,
    } as never;
    await expect(
      formalizeCase(ctx, kase.id, new Date(Date.now() + 40 * DAY)),
    ).rejects.toMatchObject({ status: 409, message: "cases.errors.validityPassed" });
    expect((await row(kase.id)).status).toBe("pre-filing");
  });
});
