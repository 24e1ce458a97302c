import { readFileSync } from "node:fs";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accounts, auditLogs } from "../../src/server/db/tables";
import { accountsApi, orgInput, personInput } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

const zhErrors = JSON.parse(readFileSync("locales/zh-CN.json", "utf8")).errors as Record<
  string,
  string
>;

type Account = {
  id: string;
  name: string;
  version: number;
  accountType: string;
  status: string;
} & Record<string, unknown>;

describe("accounts (schema-driven clients)", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  const ids: Record<string, string> = {};
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
    adminId = (await api.get("admin", "/api/user-service/user/get-login-user-info")).json().data.id;
    const depts = (await api.get("admin", "/api/org-picker")).json().data.departments as {
      id: string;
      name: string;
    }[];
    const civil = depts.find((d) => d.name === "民商事组")!.id;
    const rows = [
      orgInput(1, {
        name: "甲 Alpha 科技",
        tags: ["key", "listed"],
        source: "referral",
        industry: "it",
        region: ["beijing", "haidian"],
        departmentId: civil,
        establishedDate: "2010-05-01",
        employeeCount: 120,
      }),
      orgInput(2, {
        name: "乙 Beta 地产",
        tags: ["prospect"],
        source: "website",
        industry: "real-estate",
        region: ["shanghai", "pudong"],
        establishedDate: "2015-03-10",
        employeeCount: 30,
        maintainerId: adminId,
      }),
      personInput(3, {
        name: "丙 Gamma",
        tags: ["individual"],
        source: "referral",
        region: ["beijing", "chaoyang"],
      }),
    ];
    for (const [i, body] of rows.entries()) {
      const res = await api.post("admin", "/api/accounts", body);
      expect(res.statusCode, res.body).toBe(200);
      ids[["alpha", "beta", "gamma"][i]] = res.json().data.id;
    }
  });
  afterAll(() => t.close());

  const names = async (query: string, who = "lawyer") => {
    const res = await api.get(who, `/api/accounts?${query}&_end=100`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Account[])
      .map((a) => a.name)
      .filter((n) => /Alpha|Beta|Gamma/.test(n));
  };

  describe("GET /api/accounts", () => {
    it("filters with every simple-rest operator on columns and custom fields", async () => {
      expect(await names("name_like=beta")).toEqual(["乙 Beta 地产"]);
      expect(await names("source=referral&_sort=name")).toEqual(["丙 Gamma", "甲 Alpha 科技"]);
      expect(await names("industry=it&industry=real-estate&_sort=name")).toEqual([
        "乙 Beta 地产",
        "甲 Alpha 科技",
      ]);
      expect(await names("tags=listed")).toEqual(["甲 Alpha 科技"]);
      expect(await names("tags=listed&tags=prospect&_sort=name")).toEqual([
        "乙 Beta 地产",
        "甲 Alpha 科技",
      ]);
      expect(await names("region=haidian")).toEqual(["甲 Alpha 科技"]);
      expect(await names("region=beijing&_sort=name")).toEqual(["丙 Gamma", "甲 Alpha 科技"]);
      expect(
        await names(
          `departmentId=${(await api.get("admin", `/api/accounts/${ids.alpha}`)).json().data.departmentId}`,
        ),
      ).toEqual(["甲 Alpha 科技"]);
      expect(await names("establishedDate_gte=2012-01-01")).toEqual(["乙 Beta 地产"]);
      expect(await names("establishedDate_lte=2012-01-01")).toEqual(["甲 Alpha 科技"]);
      expect(await names("employeeCount_gte=100")).toEqual(["甲 Alpha 科技"]);
      expect(await names("accountType_ne=organization")).toEqual(["丙 Gamma"]);
      expect(await names(`maintainerId=${adminId}`)).toEqual(["乙 Beta 地产"]);
      expect(
        await names(
          `createdAt_gte=${new Date(Date.now() - 3600_000).toISOString()}&accountType=individual`,
        ),
      ).toEqual(["丙 Gamma"]);
      expect(await names(`createdAt_lte=2000-01-01T00:00:00Z`)).toEqual([]);
    });

    it("sorts by columns and custom fields, both ways, and pages with x-total-count", async () => {
      expect(await names("_sort=employeeCount&_order=desc&accountType=organization")).toEqual([
        "甲 Alpha 科技",
        "乙 Beta 地产",
      ]);
      expect(await names("_sort=name&_order=desc")).toEqual(
        (await names("_sort=name&_order=asc")).reverse(),
      );
      const page = await api.get(
        "lawyer",
        "/api/accounts?_start=1&_end=3&_sort=createdAt&_order=asc",
      );
      expect(page.json().data).toHaveLength(2);
      expect(Number(page.headers["x-total-count"])).toBe(6);
      // The total is the same whether it comes from a count (a full page, a page past the end) or
      // from a short page itself (pageWithTotal skips the count then).
      for (const [start, end, rows] of [
        [0, 20, 6],
        [4, 8, 2],
        [5, 6, 1],
        [6, 10, 0],
        [30, 40, 0],
        [0, 6, 6],
      ] as const) {
        const res = await api.get(
          "lawyer",
          `/api/accounts?_start=${start}&_end=${end}&_sort=createdAt&_order=asc`,
        );
        expect(res.json().data, `${start}-${end}`).toHaveLength(rows);
        expect(Number(res.headers["x-total-count"]), `${start}-${end}`).toBe(6);
      }
    });

    it("refuses unknown fields, bad values and sorts with 400, and hides other firms' clients", async () => {
      for (const q of [
        "nope=1",
        "employeeCount_gte=abc",
        "maintainerId=not-a-uuid",
        "_sort=nope",
        "relatedParties_like=x",
      ]) {
        expect((await api.get("lawyer", `/api/accounts?${q}`)).statusCode, q).toBe(400);
      }
      expect(Number((await api.get("admin2", "/api/accounts")).headers["x-total-count"])).toBe(3);
      expect((await api.get("admin2", `/api/accounts/${ids.alpha}`)).statusCode).toBe(404);
      expect((await api.get("intern", "/api/accounts")).statusCode).toBe(403);
    });
  });

  describe("POST /api/accounts", () => {
    const fieldsOf = (body: string) =>
      Object.fromEntries(
        (JSON.parse(body).data.fields as { field: string; message: string }[]).map((f) => [
          f.field,
          f.message,
        ]),
      );

    it("answers the catalogue's messages in both languages and writes nothing", async () => {
      const before = await t.database.db.select().from(accounts);
      const bad = {
        accountType: "organization",
        name: "坏<数据>",
        creditCode: "ABC-123",
        registeredCapital: "1234567890123.5",
        legalRepresentative: "张三!",
        employeeCount: -1,
        stockCode: "abc",
        establishedDate: "2020-13-45",
      };
      const zh = await api.post("lawyer", "/api/accounts", bad, "zh-CN");
      expect(zh.statusCode).toBe(422);
      expect(zh.json().code).toBe(422);
      expect(fieldsOf(zh.body)).toEqual({
        name: "不能包含字符 <>",
        creditCode: "只能输入字母或数字",
        registeredCapital: "整数部分最多 12 位，小数部分最多 2 位",
        legalRepresentative: "只能输入中文、英文或数字",
        employeeCount: "只能输入零或正整数",
        stockCode: "只能输入大写字母",
        establishedDate: "应为真实存在的日期（YYYY-MM-DD，1900–2199 年）",
      });
      const en = await api.post(
        "lawyer",
        "/api/accounts",
        {
          accountType: "individual",
          name: "X",
          idNumber: "1234",
          age: 1000,
          email: "nope",
          mobile: "abc",
        },
        "en",
      );
      expect(fieldsOf(en.body)).toEqual({
        gender: "is required",
        idNumber: "must be exactly 18 characters",
        age: "positive integer of up to 3 digits",
        email: "must be a valid email address",
        mobile: "may contain only digits, +, - and brackets",
      });
      expect(
        fieldsOf(
          (await api.post("lawyer", "/api/accounts", { accountType: "organization" }, "en")).body,
        ),
      ).toEqual({ name: "is required", creditCode: "is required" });
      expect(
        fieldsOf((await api.post("lawyer", "/api/accounts", orgInput(9, { extra: 1 }), "en")).body),
      ).toEqual({ extra: "unknown field" });
      expect(
        fieldsOf(
          (await api.post("lawyer", "/api/accounts", orgInput(9, { tags: ["not-a-tag"] }), "en"))
            .body,
        ),
      ).toEqual({ tags: "must be one of the allowed values" });
      expect(await t.database.db.select().from(accounts)).toHaveLength(before.length);
    });

    it("rejects a duplicate organization ID and duplicate stakeholder types", async () => {
      const dup = await api.post(
        "lawyer",
        "/api/accounts",
        orgInput(1, { name: "另一家" }),
        "zh-CN",
      );
      expect(dup.statusCode).toBe(422);
      expect(fieldsOf(dup.body)).toEqual({ creditCode: "值重复" });
      const parties = [
        { type: "shareholder", name: "甲" },
        { type: "shareholder", name: "乙" },
      ];
      const res = await api.post(
        "lawyer",
        "/api/accounts",
        orgInput(10, { relatedParties: parties }),
        "en",
      );
      expect(fieldsOf(res.body)).toEqual({ relatedParties: "duplicate stakeholder type" });
      const ok = await api.post(
        "lawyer",
        "/api/accounts",
        orgInput(10, { relatedParties: [parties[0], { type: "guarantor", name: "丙" }] }),
      );
      expect(ok.json().data.relatedParties).toHaveLength(2);
    });

    it("answers 404 for a maintainer of another firm, and drops fields of the other client type", async () => {
      const other = (await api.get("admin2", "/api/user-service/user/get-login-user-info")).json()
        .data.id;
      expect(
        (await api.post("lawyer", "/api/accounts", orgInput(11, { maintainerId: other })))
          .statusCode,
      ).toBe(404);
      const res = await api.post(
        "lawyer",
        "/api/accounts",
        personInput(12, { creditCode: "911100000000000000", createdBy: other }),
      );
      expect(res.json().data).toMatchObject({ creditCode: null, idNumber: expect.any(String) });
      expect(res.json().data.createdBy).not.toBe(other);
    });
  });

  describe("PATCH /api/accounts/:id", () => {
    it("updates with the version it read, stores custom fields in jsonb, audits, and answers 409 when stale", async () => {
      const current = (await api.get("lawyer", `/api/accounts/${ids.beta}`)).json().data as Account;
      const res = await api.patch("lawyer", `/api/accounts/${ids.beta}`, {
        version: current.version,
        formerName: "乙旧名",
        employeeCount: 31,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        formerName: "乙旧名",
        employeeCount: 31,
        version: current.version + 1,
        name: "乙 Beta 地产",
      });
      const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, ids.beta));
      expect(row.custom).toMatchObject({ formerName: "乙旧名", employeeCount: 31 });
      const stale = await api.patch(
        "lawyer",
        `/api/accounts/${ids.beta}`,
        { version: current.version, formerName: "覆盖" },
        "zh-CN",
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 409, msg: zhErrors.staleVersion });
      const [again] = await t.database.db.select().from(accounts).where(eq(accounts.id, ids.beta));
      expect(again.custom).toMatchObject({ formerName: "乙旧名" });
      const audits = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "accounts"), eq(auditLogs.entityId, ids.beta)));
      expect(audits.map((a) => a.action)).toEqual(["create", "update"]);
    });

    it("clears a field sent as null and refuses an update without version", async () => {
      const current = (await api.get("lawyer", `/api/accounts/${ids.beta}`)).json().data as Account;
      const res = await api.patch("lawyer", `/api/accounts/${ids.beta}`, {
        version: current.version,
        formerName: null,
      });
      expect(res.json().data.formerName).toBeUndefined();
      expect(
        (await api.patch("lawyer", `/api/accounts/${ids.beta}`, { name: "x" })).statusCode,
      ).toBe(422);
    });
  });

  describe("pending approval hook", () => {
    it("locks a client while changes await approval and applies them when approved", async () => {
      const current = (await api.get("lawyer", `/api/accounts/${ids.alpha}`)).json()
        .data as Account;
      const sent = await api.post("lawyer", `/api/accounts/${ids.alpha}/submit-changes`, {
        version: current.version,
        changes: { formerName: "甲旧名" },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({
        status: "pending",
        pendingChanges: { formerName: "甲旧名" },
      });
      const blocked = await api.patch(
        "lawyer",
        `/api/accounts/${ids.alpha}`,
        { version: sent.json().data.version, name: "改名" },
        "en",
      );
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().msg).toMatch(/awaiting approval/);
      const { resolveAccountChanges } = await import("../../src/server/features/accounts/pending");
      const ws = (await t.database.db.select().from(accounts).where(eq(accounts.id, ids.alpha)))[0]
        .workspaceId;
      const ctx = {
        db: t.database.db,
        workspaceId: ws,
        userId: adminId,
        lang: "en",
        ip: "",
      } as never;
      const done = await resolveAccountChanges(ctx, t.app.resources, ids.alpha, true);
      expect(done).toMatchObject({ status: "active", pendingChanges: null, formerName: "甲旧名" });
    });
  });

  describe("account employees", () => {
    it("lists, adds and validates the employees of an organization", async () => {
      const add = await api.post("lawyer", "/api/account-employees", {
        accountId: ids.alpha,
        name: "赵六",
        idNumber: "11010119900101123X",
        ethnicity: "hui",
        company: "甲 Alpha 科技",
        position: "法务经理",
        address: "北京市海淀区",
        mobile: "13900001111",
        email: "z@example.com",
        wechat: "zhao6",
        gender: "male",
      });
      expect(add.statusCode, add.body).toBe(200);
      const list = await api.get("lawyer", `/api/account-employees?accountId=${ids.alpha}`);
      expect(list.json().data.map((e: { name: string }) => e.name)).toEqual(["赵六"]);
      const bad = await api.post(
        "lawyer",
        "/api/account-employees",
        { accountId: ids.alpha, name: "王 5", wechat: "has space", ethnicity: "martian" },
        "en",
      );
      expect(bad.statusCode).toBe(422);
      const other = (await api.get("admin2", "/api/accounts")).json().data[0].id;
      expect(
        (await api.post("lawyer", "/api/account-employees", { accountId: other, name: "王五" }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe("search", () => {
    it("finds clients by name in the navbar search", async () => {
      const res = await api.get("lawyer", "/api/search?q=Alpha");
      const group = (res.json().data as { type: string; items: { link: string }[] }[]).find(
        (g) => g.type === "clients",
      );
      expect(group?.items[0].link).toBe(`/contacts/instution-detail/${ids.alpha}`);
    });
  });

  describe("DELETE /api/accounts/:id", () => {
    it("deletes with its employees; assistants may not", async () => {
      expect((await api.del("assistant", `/api/accounts/${ids.gamma}`)).statusCode).toBe(403);
      expect((await api.del("partner", `/api/accounts/${ids.gamma}`)).statusCode).toBe(200);
      expect((await api.get("partner", `/api/accounts/${ids.gamma}`)).statusCode).toBe(404);
    });
  });
});
