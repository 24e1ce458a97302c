import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEPARTMENT_CONDITIONS, OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { createTestApp, type TestApp } from "../fixtures/app";
import { departmentByName, firmIds, memberOf, orgApi, roleByCode, userId } from "../fixtures/org";

const AUTHORITY = "/api/user-service/user/get-login-user-authority";

describe("/api/roles", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firm: { a: string; b: string };
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firm = await firmIds(t);
  });
  afterAll(() => t.close());

  describe("GET /api/roles", () => {
    it("lists the firm's roles with member counts", async () => {
      const res = await api.get("admin", "/api/roles");
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as { code: string; memberCount: number; isSystem: boolean }[];
      expect(rows[0].code).toBe("admin");
      expect(rows.map((r) => r.code).sort()).toEqual([
        "admin",
        "assistant",
        "finance",
        "intern",
        "lawyer",
        "partner",
      ]);
      expect(rows.find((r) => r.code === "admin")).toMatchObject({
        memberCount: 1,
        isSystem: true,
      });
      expect((await api.get("lawyer", "/api/roles")).statusCode).toBe(403);
    });
  });

  describe("POST /api/roles", () => {
    it("creates a role with valid rules and refuses a taken code", async () => {
      const res = await api.post("admin", "/api/roles", {
        name: "档案管理员",
        code: "archivist",
        rules: [
          {
            action: ["read", "update"],
            subject: "LAWFIRM_CUSTOMER_VIEW",
            conditions: DEPARTMENT_CONDITIONS,
            fields: ["name"],
          },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ code: "archivist", memberCount: 0 });
      const again = await api.post(
        "admin",
        "/api/roles",
        { name: "重复", code: "archivist" },
        "zh-CN",
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe("角色编码 archivist 已存在");
    });

    it.each([
      [
        [{ action: "read", subject: "NO_SUCH_THING" }],
        "A permission rule names an unknown subject",
        "权限规则中包含未知的权限对象",
      ],
      [
        [{ action: "approve", subject: "ORG_MEMBER" }],
        "A permission rule grants an action its subject does not offer",
        "权限规则中包含该对象不支持的操作",
      ],
      [
        [{ action: "read", subject: "ORG_MEMBER", conditions: { name: { $regex: "." } } }],
        "only own",
        "仅本人",
      ],
      [
        [{ action: "read", subject: "ORG_MEMBER", conditions: OWN_CONDITIONS }],
        "clients, cases, contracts and seal requests",
        "客户、案件、合同和用印",
      ],
      [
        [{ action: "read", subject: "ORG_MEMBER", fields: ["bad field!"] }],
        "invalid field",
        "字段名无效",
      ],
    ])("refuses invalid rules %j in both languages", async (rules, en, zh) => {
      const before = (await api.get("admin", "/api/roles")).json().data.length;
      const resEn = await api.post("admin", "/api/roles", { name: "坏角色", code: "bad", rules });
      expect(resEn.statusCode).toBe(400);
      expect(resEn.json().msg).toContain(en);
      const resZh = await api.post(
        "admin",
        "/api/roles",
        { name: "坏角色", code: "bad", rules },
        "zh-CN",
      );
      expect(resZh.json().msg).toContain(zh);
      expect((await api.get("admin", "/api/roles")).json().data.length).toBe(before);
    });
  });

  describe("PUT /api/roles/:id/rules", () => {
    it("replaces the rules and live sessions get them at once, without signing in again", async () => {
      const token = await t.login("intern");
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ url: "/api/members", headers })).statusCode).toBe(403);
      const role = await roleByCode(t, firm.a, "intern");
      const rules = [
        { action: "basic", subject: "BASIC_PERMISSION" },
        { action: "read", subject: "ORG_MEMBER" },
        { action: "read", subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
        { action: "read", subject: "LAWFIRM_CUSTOMER_VIEW", conditions: DEPARTMENT_CONDITIONS },
        {
          action: "delete",
          subject: "LAWFIRM_CASE_VIEW",
          inverted: true,
          reason: "实习生不能删除案件",
        },
      ];
      const res = await api.put("admin", `/api/roles/${role.id}/rules`, {
        rules,
        version: role.version,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ rules, version: role.version + 1 });

      expect((await t.app.inject({ url: "/api/members", headers })).statusCode).toBe(200);
      const live = (await t.app.inject({ url: AUTHORITY, headers })).json().data;
      const internId = await userId(t, "intern");
      const civil = await departmentByName(t, firm.a, "民商事组");
      // "Only own" and "only my department" are filled in for the person holding the role.
      expect(live).toContainEqual({
        action: "read",
        subject: "LAWFIRM_CASE_VIEW",
        conditions: { ownerId: internId },
      });
      expect(live).toContainEqual({
        action: "read",
        subject: "LAWFIRM_CUSTOMER_VIEW",
        conditions: { departmentId: { $in: [civil.id] } },
      });
      expect(live).toContainEqual({
        action: "delete",
        subject: "LAWFIRM_CASE_VIEW",
        inverted: true,
        reason: "实习生不能删除案件",
      });
    });

    it("refuses a stale version and another firm's role", async () => {
      const role = await roleByCode(t, firm.a, "finance");
      expect(
        (
          await api.put("admin", `/api/roles/${role.id}/rules`, {
            rules: [],
            version: role.version + 5,
          })
        ).statusCode,
      ).toBe(409);
      const foreign = await roleByCode(t, firm.b, "lawyer");
      expect(
        (
          await api.put("admin", `/api/roles/${foreign.id}/rules`, {
            rules: [],
            version: foreign.version,
          })
        ).statusCode,
      ).toBe(404);
      expect((await roleByCode(t, firm.b, "lawyer")).rules).toEqual(foreign.rules);
    });

    it("cannot strip the admin role of the firm's last administrator", async () => {
      const admin = await roleByCode(t, firm.a, "admin");
      for (const [lang, msg] of [
        ["en", "without an administrator"],
        ["zh-CN", "没有管理员"],
      ] as const) {
        const res = await api.put(
          "admin",
          `/api/roles/${admin.id}/rules`,
          { rules: [{ action: "basic", subject: "BASIC_PERMISSION" }], version: admin.version },
          lang,
        );
        expect(res.statusCode).toBe(409);
        expect(res.json().msg).toContain(msg);
      }
      expect((await roleByCode(t, firm.a, "admin")).rules).toEqual([
        { action: "manage", subject: "all" },
      ]);
      expect((await api.get("admin", "/api/roles")).statusCode).toBe(200);
    });
  });

  describe("PATCH and DELETE /api/roles/:id", () => {
    it("renames a role", async () => {
      const role = await roleByCode(t, firm.a, "assistant");
      const res = await api.patch("admin", `/api/roles/${role.id}`, {
        name: "助理",
        description: "Assistant",
        version: role.version,
      });
      expect(res.json().data).toMatchObject({ name: "助理", version: role.version + 1 });
    });

    it("never deletes the built-in admin role", async () => {
      const admin = await roleByCode(t, firm.a, "admin");
      const res = await api.del("admin", `/api/roles/${admin.id}`, "zh-CN");
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe("内置管理员角色不能删除");
    });

    it("deletes a role; its members lose its rules on their next request", async () => {
      const role = await roleByCode(t, firm.a, "finance");
      const token = await t.login("finance");
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ url: AUTHORITY, headers })).json().data.length).toBeGreaterThan(
        0,
      );
      expect((await api.del("admin", `/api/roles/${role.id}`)).statusCode).toBe(200);
      expect((await t.app.inject({ url: AUTHORITY, headers })).json().data).toEqual([]);
      const m = await api.get("admin", `/api/members/${(await memberOf(t, firm.a, "finance")).id}`);
      expect(m.json().data.roles).toEqual([]);
    });

    it("404s another firm's role", async () => {
      const foreign = await roleByCode(t, firm.b, "partner");
      expect((await api.del("admin", `/api/roles/${foreign.id}`)).statusCode).toBe(404);
      expect(await roleByCode(t, firm.b, "partner")).toBeDefined();
    });
  });
});
