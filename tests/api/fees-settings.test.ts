import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLogs, roles, workspaces } from "../../src/server/db/tables";
import { upgradeRoleTemplates } from "../../src/server/seed/role-upgrades";
import type { PermissionRule } from "../../src/shared/permissions";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { firmIds } from "../fixtures/org";

const DEFAULTS = {
  managementFeePercent: "10.00",
  deductInvoiceTax: true,
  managementFeeBase: "afterTax",
  rules: [
    { kind: "originatorShare", when: "notWorking", percent: "35.00" },
    { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10.00", floor: "15.00" },
  ],
};

/**
 * The firm's fee-sharing settings (finance reads and changes them; others may not), validated by
 * the shared rule checks with translated refusals and nothing written; each firm its own. And the
 * roles of firms that existed before the fee subjects receive their template rules once.
 */
describe("fee settings", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  const put = (who: string, body: unknown, lang: "en" | "zh-CN" = "en") =>
    api.call("PUT", who, "/api/fees/settings", body, lang);

  beforeAll(() => {
    ({ t, api } = suite);
  });

  it("a firm that never saved them has the defaults; finance saves them in one form", async () => {
    const res = await api.get("finance", "/api/fees/settings");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(DEFAULTS);
    const saved = await put("finance", {
      managementFeePercent: "12.5",
      deductInvoiceTax: false,
      managementFeeBase: "payment",
      rules: [{ kind: "repeatDecay", withinYears: 3, pointsPerRepeat: "5", floor: "20" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      managementFeePercent: "12.50",
      deductInvoiceTax: false,
      managementFeeBase: "payment",
      rules: [{ kind: "repeatDecay", withinYears: 3, pointsPerRepeat: "5.00", floor: "20.00" }],
    });
    expect((await api.get("admin", "/api/fees/settings")).json().data.managementFeePercent).toBe(
      "12.50",
    );
    // The other firm still has its defaults.
    expect((await api.get("admin2", "/api/fees/settings")).json().data).toEqual(DEFAULTS);
  });

  it("only those with the fee-sharing right read or change them", async () => {
    expect((await api.get("lawyer", "/api/fees/settings")).statusCode).toBe(403);
    expect((await put("lawyer", DEFAULTS)).statusCode).toBe(403);
    expect((await put("partner", DEFAULTS)).statusCode).toBe(403);
  });

  it("refuses bad percentages and rules with a translated 4xx, writing nothing", async () => {
    const before = (await api.get("finance", "/api/fees/settings")).json().data;
    const audits = async () =>
      (
        await t.database.db
          .select()
          .from(auditLogs)
          .where(eq(auditLogs.entity, "workspace_settings"))
      ).length;
    const count = await audits();
    const bad: Record<string, unknown>[] = [
      { managementFeePercent: "100.01" },
      { managementFeePercent: "-1" },
      { managementFeePercent: "1.234" },
      { managementFeePercent: "abc" },
      { managementFeeBase: "gross" },
      { rules: [{ kind: "originatorShare", when: "notWorking", percent: "135" }] },
      { rules: [{ kind: "originatorShare", when: "always", percent: "35" }] },
      { rules: [{ kind: "originatorShare", percent: "35" }] },
      { rules: [{ kind: "repeatDecay", withinYears: 0, pointsPerRepeat: "10", floor: "15" }] },
      { rules: [{ kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "x", floor: "15" }] },
      { rules: [{ kind: "bonus" }] },
      { rules: [{ kind: "originatorShare", when: "notWorking", percent: "35", extra: 1 }] },
    ];
    for (const change of bad) {
      const res = await put("finance", { ...DEFAULTS, ...change }, "zh-CN");
      expect(res.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(change)).toBeLessThan(500);
      expect(res.json().msg).not.toMatch(/errors\.fees/);
    }
    const rule = await put("finance", {
      ...DEFAULTS,
      rules: [{ kind: "originatorShare", when: "notWorking", percent: "135" }],
    });
    expect(rule.json().data.fields[0]).toMatchObject({ field: "rules.0.percent" });
    for (const payload of [
      `{"__proto__":{"x":1},"managementFeePercent":"10","deductInvoiceTax":true,"managementFeeBase":"afterTax","rules":[]}`,
      `{"managementFeePercent":"1\\u00000","deductInvoiceTax":true,"managementFeeBase":"afterTax","rules":[]}`,
      `{"managementFeePercent":"10","deductInvoiceTax":true,"managementFeeBase":"afterTax","rules":[${'{"a":'.repeat(3000)}1${"}".repeat(3000)}]}`,
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/fees/settings",
        headers: { ...(await t.as("finance", { lang: "en" })), "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await api.get("finance", "/api/fees/settings")).json().data).toEqual(before);
    expect(await audits()).toBe(count);
  });

  it("a stored value that is no longer valid falls back to its default", async () => {
    const { a } = await firmIds(t);
    await t.database.db
      .update(workspaces)
      .set({
        settings: sql`jsonb_set(${workspaces.settings}, '{fees}', '{"managementFeePercent":"abc","rules":[{"kind":"x"}],"deductInvoiceTax":false}'::jsonb)`,
      })
      .where(eq(workspaces.id, a));
    expect((await api.get("finance", "/api/fees/settings")).json().data).toEqual({
      ...DEFAULTS,
      deductInvoiceTax: false,
    });
  });
});

describe("role upgrade for firms that existed before the fee subjects", () => {
  const suite = casesSuite();
  const subjects = (rules: PermissionRule[]) => rules.flatMap((r) => [r.subject].flat());
  const finance = async () => {
    const { a } = await firmIds(suite.t);
    const [role] = await suite.t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, a), eq(roles.code, "finance")));
    return role;
  };

  it("adds the template rules once, and never again after an administrator removes them", async () => {
    const db = suite.t.database.db;
    const role = await finance();
    const without = role.rules.filter(
      (r) =>
        !subjects([r]).some((s) => s === "LAWFIRM_RECEIVABLE_VIEW" || s === "LAWFIRM_FEE_SHARE"),
    );
    // A firm from before issue 28: its finance role without the new subjects, never upgraded.
    await db.update(roles).set({ rules: without }).where(eq(roles.id, role.id));
    await db.update(workspaces).set({ settings: sql`${workspaces.settings} - 'roleSubjects'` });
    await upgradeRoleTemplates(suite.t.database);
    const upgraded = await finance();
    expect(subjects(upgraded.rules)).toEqual(
      expect.arrayContaining(["LAWFIRM_RECEIVABLE_VIEW", "LAWFIRM_FEE_SHARE"]),
    );
    expect(upgraded.version).toBe(role.version + 1);
    expect(upgraded.rules).toContainEqual({
      action: ["read", "update", "export"],
      subject: "LAWFIRM_FEE_SHARE",
    });
    // Again: nothing doubles. Removed by an administrator: stays removed.
    await upgradeRoleTemplates(suite.t.database);
    expect((await finance()).rules).toEqual(upgraded.rules);
    await db.update(roles).set({ rules: without }).where(eq(roles.id, role.id));
    await upgradeRoleTemplates(suite.t.database);
    expect((await finance()).rules).toEqual(without);
  });
});
