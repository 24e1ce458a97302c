import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEPARTMENT_CONDITIONS, OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { PermissionRule } from "../../src/shared/permissions";
import { accountsApi, orgInput, readXlsx } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";
import { firmIds, orgApi, roleByCode, userId } from "../fixtures/org";

/**
 * "Only own" and "only my department" roles, enforced by the server: lists, counts, exports,
 * search and every `:id` route show the rows in scope and nothing else (404 for the rest).
 * The intern (民商事组, with the lawyer and the assistant) gets scoped rules on clients.
 */
describe("row scopes on clients", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  const ids: Record<string, string> = {};

  const setInternRules = async (rules: PermissionRule[]) => {
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const res = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
      rules,
      version: role.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const customer = (
    conditions?: Record<string, unknown>,
    actions = ["read", "update", "delete", "export"],
  ): PermissionRule[] => [
    { action: "basic", subject: "BASIC_PERMISSION" },
    {
      action: actions as PermissionRule["action"],
      subject: "LAWFIRM_CUSTOMER_VIEW",
      ...(conditions ? { conditions } : {}),
    },
  ];
  const visibleNames = async () => {
    const res = await api.get("intern", "/api/accounts?_end=100&name_like=范围测试");
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers["x-total-count"])).toBe(res.json().data.length);
    return (res.json().data as { name: string }[]).map((r) => r.name).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
    const maintainers = {
      intern: await userId(t, "intern"),
      lawyer: await userId(t, "lawyer"),
      finance: await userId(t, "finance"),
    };
    for (const [who, maintainerId] of Object.entries(maintainers)) {
      const res = await api.post(
        "admin",
        "/api/accounts",
        orgInput(900 + Object.keys(ids).length, { name: `范围测试${who}`, maintainerId }),
      );
      expect(res.statusCode, res.body).toBe(200);
      ids[who] = res.json().data.id;
    }
    const employee = await api.post("admin", "/api/account-employees", {
      accountId: ids.finance,
      name: "张三",
    });
    expect(employee.statusCode, employee.body).toBe(200);
    ids.financeEmployee = employee.json().data.id;
  });
  afterAll(() => t.close());

  it("'only own' lists, counts and opens the member's own clients; others are 404 to read, edit and delete", async () => {
    await setInternRules(customer(OWN_CONDITIONS, ["read", "update", "export"]));
    expect(await visibleNames()).toEqual(["范围测试intern"]);
    const own = await api.get("intern", `/api/accounts/${ids.intern}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.permissions).toEqual({ update: true, delete: false });
    for (const other of [ids.lawyer, ids.finance]) {
      expect((await api.get("intern", `/api/accounts/${other}`)).statusCode).toBe(404);
      expect(
        (await api.patch("intern", `/api/accounts/${other}`, { name: "改名", version: 1 }))
          .statusCode,
      ).toBe(404);
      expect([403, 404]).toContain((await api.del("intern", `/api/accounts/${other}`)).statusCode);
      expect((await api.get("intern", `/api/accounts/${other}/equity`)).statusCode).toBe(404);
    }
    expect((await api.get("admin", `/api/accounts/${ids.lawyer}`)).json().data.name).toBe(
      "范围测试lawyer",
    );
    // Employees belong to their company's owner.
    expect(
      (await api.get("intern", `/api/account-employees/${ids.financeEmployee}`)).statusCode,
    ).toBe(404);
    expect(
      (await api.get("intern", `/api/account-employees?accountId=${ids.finance}`)).json().data,
    ).toEqual([]);
  });

  it("'only own' exports and searches only the member's own clients", async () => {
    const exported = await api.get("intern", "/api/accounts/export?name_like=范围测试");
    expect(exported.statusCode).toBe(200);
    const rows = await readXlsx(exported.rawPayload);
    expect(rows.slice(1).map((r) => r.find((c) => String(c).startsWith("范围测试")))).toEqual([
      "范围测试intern",
    ]);
    const found = await t.app.inject({
      url: "/api/search?q=范围测试",
      headers: await t.as("intern"),
    });
    expect(found.statusCode).toBe(200);
    const titles = JSON.stringify(found.json().data);
    expect(titles).toContain("范围测试intern");
    expect(titles).not.toContain("范围测试lawyer");
  });

  it("'only my department' reaches clients maintained by colleagues of the same department", async () => {
    await setInternRules(customer(DEPARTMENT_CONDITIONS));
    expect(await visibleNames()).toEqual(["范围测试intern", "范围测试lawyer"]);
    expect((await api.get("intern", `/api/accounts/${ids.lawyer}`)).statusCode).toBe(200);
    expect((await api.get("intern", `/api/accounts/${ids.finance}`)).statusCode).toBe(404);
  });

  it("an exception ('except own') takes rows away from an unrestricted rule", async () => {
    await setInternRules([
      ...customer(),
      {
        action: ["update", "delete"],
        subject: "LAWFIRM_CUSTOMER_VIEW",
        conditions: OWN_CONDITIONS,
        inverted: true,
      },
    ]);
    expect(await visibleNames()).toEqual(["范围测试finance", "范围测试intern", "范围测试lawyer"]);
    // The detail answer says what the caller may do to this row, so the page hides the rest.
    expect(
      (await api.get("intern", `/api/accounts/${ids.intern}`)).json().data.permissions,
    ).toEqual({ update: false, delete: false });
    expect(
      (await api.get("intern", `/api/accounts/${ids.lawyer}`)).json().data.permissions,
    ).toEqual({ update: true, delete: true });
    expect((await api.del("intern", `/api/accounts/${ids.intern}`)).statusCode).toBe(404);
    const own = (await api.get("intern", `/api/accounts/${ids.intern}`)).json().data;
    expect(
      (
        await api.patch("intern", `/api/accounts/${ids.intern}`, {
          name: "改名",
          version: own.version,
        })
      ).statusCode,
    ).toBe(404);
    const lawyers = (await api.get("intern", `/api/accounts/${ids.lawyer}`)).json().data;
    expect(
      (
        await api.patch("intern", `/api/accounts/${ids.lawyer}`, {
          formerName: "旧名",
          version: lawyers.version,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("an unrestricted rule shows every client again", async () => {
    await setInternRules(customer());
    expect(await visibleNames()).toEqual(["范围测试finance", "范围测试intern", "范围测试lawyer"]);
  });
});
