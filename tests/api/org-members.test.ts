import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { members, users } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { departmentByName, firmIds, memberOf, orgApi, roleByCode } from "../fixtures/org";

type Member = {
  id: string;
  username: string;
  isEnabled: boolean;
  version: number;
  departments: { name: string }[];
  roles: { code: string }[];
};

describe("/api/members", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firm: { a: string; b: string };
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firm = await firmIds(t);
  });
  afterAll(() => t.close());

  const memberCount = async () => (await t.database.db.select({ n: count() }).from(members))[0].n;

  describe("GET /api/members", () => {
    it("lists the firm's members with departments and roles, paged with x-total-count", async () => {
      const res = await api.get("admin", "/api/members?_start=0&_end=3&_sort=username&_order=asc");
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("6");
      const rows = res.json().data as Member[];
      expect(rows.map((r) => r.username)).toEqual(["admin", "assistant", "finance"]);
      expect(rows[0]).toMatchObject({
        departments: [{ name: "管理委员会" }],
        roles: [{ code: "admin" }],
        isEnabled: true,
      });
    });

    it("filters by department, text and enabled flag", async () => {
      const civil = await departmentByName(t, firm.a, "民商事组");
      const res = await api.get("admin", `/api/members?departmentId=${civil.id}&_end=50`);
      expect((res.json().data as Member[]).map((r) => r.username).sort()).toEqual([
        "assistant",
        "intern",
        "lawyer",
      ]);
      const text = await api.get("admin", "/api/members?q=张伟");
      expect((text.json().data as Member[]).map((r) => r.username)).toEqual(["lawyer"]);
      const disabled = await api.get("admin", "/api/members?isEnabled=false");
      expect(disabled.json().data).toEqual([]);
    });

    it("shows another firm only its own members", async () => {
      const res = await api.get("admin2", "/api/members?_end=50");
      expect((res.json().data as Member[]).map((r) => r.username).sort()).toEqual([
        "admin2",
        "lawyer2",
        "partner",
      ]);
    });

    it("is forbidden without read on ORG_MEMBER", async () => {
      const res = await api.get("lawyer", "/api/members", "zh-CN");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: "您没有执行此操作的权限" });
    });
  });

  describe("POST /api/members", () => {
    it("creates an account, adds it to the firm, and the new member can sign in", async () => {
      const dept = await departmentByName(t, firm.a, "非诉部");
      const role = await roleByCode(t, firm.a, "lawyer");
      const res = await api.post("admin", "/api/members", {
        account: "new",
        username: "newbie",
        name: "孙小美",
        password: "secret123",
        phone: "+86-(010)-8888",
        email: "sun@mingde.example",
        position: "律师",
        departmentIds: [dept.id],
        roleIds: [role.id],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        username: "newbie",
        name: "孙小美",
        departments: [{ name: "非诉部" }],
        roles: [{ code: "lawyer" }],
      });
      const token = await t.login("newbie", "secret123");
      const rules = await t.app.inject({
        url: "/api/user-service/user/get-login-user-authority",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rules.json().data).toContainEqual({ action: "basic", subject: "BASIC_PERMISSION" });
    });

    it("adds an existing user-center account to the firm, once", async () => {
      const res = await api.post("admin2", "/api/members", {
        account: "existing",
        username: "lawyer",
        position: "顾问",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ username: "lawyer", position: "顾问", roles: [] });
      const again = await api.post(
        "admin2",
        "/api/members",
        { account: "existing", username: "LAWYER" },
        "zh-CN",
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 409, msg: "该账号已是本所成员" });
      const unknown = await api.post("admin2", "/api/members", {
        account: "existing",
        username: "nobody",
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().msg).toBe("No account with this name exists in the user center");
    });

    it("refuses a new account whose name is taken, changing nothing", async () => {
      const before = await memberCount();
      const res = await api.post("admin", "/api/members", {
        account: "new",
        username: "Lawyer2",
        name: "某人",
        password: "secret123",
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409, msg: "This account name is already taken" });
      expect(await memberCount()).toBe(before);
    });

    it.each([
      ["name", { name: "张3" }, "must be a valid name", "请输入有效姓名"],
      [
        "phone",
        { phone: "138 0000 abc" },
        "may contain only digits, +, - and brackets",
        "只能包含数字、+、- 和括号",
      ],
      [
        "username",
        { username: "bad name" },
        "may contain only letters, numbers or symbols",
        "只能包含字母、数字或符号",
      ],
      [
        "position",
        { position: "律师2" },
        "may contain only Chinese, English or symbols",
        "只能包含中文、英文或符号",
      ],
      ["email", { email: "not-an-email" }, "must be a valid email address", "请输入有效的邮箱地址"],
    ])(
      "rejects a bad %s with the member validator's message in both languages",
      async (field, bad, en, zh) => {
        const body = {
          account: "new",
          username: "valid_user",
          name: "李四",
          password: "secret123",
          ...bad,
        };
        const before = await memberCount();
        for (const [lang, text] of [
          ["en", en],
          ["zh-CN", zh],
        ] as const) {
          const res = await api.post("admin", "/api/members", body, lang);
          expect(res.statusCode).toBe(422);
          expect(res.json().code).toBe(422);
          expect(res.json().msg).toContain(text);
          expect(res.json().data.fields).toContainEqual({
            field,
            message: expect.stringContaining(text),
          });
        }
        expect(await memberCount()).toBe(before);
        expect(
          await t.database.db.select().from(users).where(eq(users.username, "valid_user")),
        ).toEqual([]);
      },
    );

    it("refuses departments and roles of another firm (404), changing nothing", async () => {
      const foreignDept = await departmentByName(t, firm.b, "争议解决部");
      const foreignRole = await roleByCode(t, firm.b, "admin");
      const before = await memberCount();
      const d = await api.post(
        "admin",
        "/api/members",
        {
          account: "new",
          username: "x_dept",
          name: "某甲",
          password: "secret123",
          departmentIds: [foreignDept.id],
        },
        "zh-CN",
      );
      expect(d.statusCode).toBe(404);
      expect(d.json().msg).toBe("本所不存在该部门");
      const r = await api.post("admin", "/api/members", {
        account: "new",
        username: "x_role",
        name: "某乙",
        password: "secret123",
        roleIds: [foreignRole.id],
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().msg).toBe("The role does not exist in this law firm");
      expect(await memberCount()).toBe(before);
      expect(await t.database.db.select().from(users).where(eq(users.username, "x_dept"))).toEqual(
        [],
      );
    });

    it("is forbidden to a member who may only read members", async () => {
      const res = await api.post("partner", "/api/members", {
        account: "existing",
        username: "lawyer2",
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("GET and PATCH /api/members/:id", () => {
    it("answers 404 for another firm's member", async () => {
      const foreign = await memberOf(t, firm.b, "lawyer2");
      expect((await api.get("admin", `/api/members/${foreign.id}`)).statusCode).toBe(404);
      const res = await api.patch("admin", `/api/members/${foreign.id}`, {
        isEnabled: false,
        version: foreign.version,
      });
      expect(res.statusCode).toBe(404);
      expect((await memberOf(t, firm.b, "lawyer2")).isEnabled).toBe(true);
    });

    it("edits position, phone, departments and roles with optimistic locking", async () => {
      const m = await memberOf(t, firm.a, "assistant");
      const ops = await departmentByName(t, firm.a, "行政财务部");
      const res = await api.patch("admin", `/api/members/${m.id}`, {
        position: "高级助理",
        phone: "139-0000-0000",
        departmentIds: [ops.id],
        version: m.version,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        position: "高级助理",
        phone: "139-0000-0000",
        departments: [{ name: "行政财务部" }],
        version: m.version + 1,
      });
      const stale = await api.patch(
        "admin",
        `/api/members/${m.id}`,
        { position: "助理", version: m.version },
        "zh-CN",
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().msg).toBe("该记录已被他人修改，请刷新后重试");
      expect((await memberOf(t, firm.a, "assistant")).position).toBe("高级助理");
    });

    it("rejects bad phone input on edit in both languages", async () => {
      const m = await memberOf(t, firm.a, "finance");
      const en = await api.patch("admin", `/api/members/${m.id}`, {
        phone: "phone",
        version: m.version,
      });
      expect(en.statusCode).toBe(422);
      expect(en.json().msg).toContain("may contain only digits, +, - and brackets");
      const zh = await api.patch(
        "admin",
        `/api/members/${m.id}`,
        { phone: "phone", version: m.version },
        "zh-CN",
      );
      expect(zh.json().msg).toContain("只能包含数字、+、- 和括号");
      expect((await memberOf(t, firm.a, "finance")).phone).toBe("13800000005");
    });

    it("disabling a member ends their live session here and drops them from the enabled list", async () => {
      const token = await t.login("finance");
      const headers = { authorization: `Bearer ${token}`, lang: "en" };
      expect(
        (await t.app.inject({ url: "/api/user-service/user/get-login-user-info", headers }))
          .statusCode,
      ).toBe(200);
      const m = await memberOf(t, firm.a, "finance");
      const off = await api.patch("admin", `/api/members/${m.id}`, {
        isEnabled: false,
        version: m.version,
      });
      expect(off.json().data.isEnabled).toBe(false);
      const live = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers,
      });
      expect(live.statusCode).toBe(401);
      expect(live.json().msg).toBe("Your membership in this law firm is disabled");
      const login = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "finance", password: "demo1234" },
      });
      expect(login.statusCode).toBe(403);
      const enabled = await api.get(
        "lawyer",
        "/api/user-service/user/get-account-enabled-select-list",
      );
      expect(enabled.json().data.map((u: { username: string }) => u.username)).not.toContain(
        "finance",
      );
      const on = await api.patch("admin", `/api/members/${m.id}`, {
        isEnabled: true,
        version: m.version + 1,
      });
      expect(on.statusCode).toBe(200);
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { username: "finance", password: "demo1234" },
          })
        ).statusCode,
      ).toBe(200);
    });

    it("gives a member's live session the rules of a newly assigned role at once", async () => {
      const token = await t.login("intern");
      const headers = { authorization: `Bearer ${token}` };
      const url = "/api/user-service/user/get-login-user-authority";
      expect((await t.app.inject({ url, headers })).json().data).toEqual([]);
      const m = await memberOf(t, firm.a, "intern");
      const lawyer = await roleByCode(t, firm.a, "lawyer");
      await api.patch("admin", `/api/members/${m.id}`, {
        roleIds: [lawyer.id],
        version: m.version,
      });
      expect((await t.app.inject({ url, headers })).json().data).toContainEqual({
        action: "basic",
        subject: "BASIC_PERMISSION",
      });
      await api.patch("admin", `/api/members/${m.id}`, {
        roleIds: [(await roleByCode(t, firm.a, "intern")).id],
        version: m.version + 1,
      });
    });

    it("renames a one-firm account but not one shared with another firm", async () => {
      const shared = await memberOf(t, firm.a, "partner");
      const res = await api.patch(
        "admin",
        `/api/members/${shared.id}`,
        { name: "李大明", version: shared.version },
        "zh-CN",
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe("该账号同时属于其他律所，姓名只能由本人在用户中心修改");
      const own = await memberOf(t, firm.a, "assistant");
      const ok = await api.patch("admin", `/api/members/${own.id}`, {
        name: "陈静怡",
        version: own.version,
      });
      expect(ok.json().data.name).toBe("陈静怡");
    });
  });

  describe("the last administrator", () => {
    it("cannot be disabled or lose the admin role, and nothing changes", async () => {
      const admin2 = await memberOf(t, firm.b, "admin2");
      const off = await api.patch(
        "admin2",
        `/api/members/${admin2.id}`,
        { isEnabled: false, version: admin2.version },
        "zh-CN",
      );
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({
        code: 409,
        msg: expect.stringContaining("此操作会使本所没有管理员"),
      });
      const lawyer = await roleByCode(t, firm.b, "lawyer");
      const demote = await api.patch("admin2", `/api/members/${admin2.id}`, {
        roleIds: [lawyer.id],
        version: admin2.version,
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().msg).toContain("without an administrator");
      const after = await api.get("admin2", `/api/members/${admin2.id}`);
      expect(after.json().data).toMatchObject({
        isEnabled: true,
        roles: [{ code: "admin" }],
        version: admin2.version,
      });
    });

    it("can step down once another enabled administrator exists", async () => {
      const adminRole = await roleByCode(t, firm.b, "admin");
      const lawyer2 = await memberOf(t, firm.b, "lawyer2");
      const promote = await api.patch("admin2", `/api/members/${lawyer2.id}`, {
        roleIds: [adminRole.id],
        version: lawyer2.version,
      });
      expect(promote.statusCode).toBe(200);
      const admin2 = await memberOf(t, firm.b, "admin2");
      const lawyerRole = await roleByCode(t, firm.b, "lawyer");
      const demote = await api.patch("admin2", `/api/members/${admin2.id}`, {
        roleIds: [lawyerRole.id],
        version: admin2.version,
      });
      expect(demote.statusCode).toBe(200);
      expect(demote.json().data.roles).toEqual([
        { id: lawyerRole.id, name: lawyerRole.name, code: "lawyer" },
      ]);
    });
  });
});
