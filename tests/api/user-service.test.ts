import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { members, users, workspaces } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";

const BASE = "/api/user-service/user";

describe("user-service endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (path: string, who: string, lang = "en") =>
    t.app.inject({ url: `${BASE}/${path}`, headers: await t.as(who, { lang }) });

  describe("GET get-login-user-info", () => {
    it("returns name, nameSuffix, id, the current firm and all of the user's firms", async () => {
      const res = await get("get-login-user-info", "partner", "zh-CN");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 200, msg: "成功" });
      expect(body.data).toMatchObject({ username: "partner", name: "李明", nameSuffix: "合伙人" });
      expect(body.data.workspace.name).toBe("明德律师事务所");
      expect(body.data.workspaces.map((w: { name: string }) => w.name)).toEqual([
        "明德律师事务所",
        "正衡律师事务所",
      ]);
      expect(body.data.workspaces.filter((w: { current: boolean }) => w.current)).toHaveLength(1);
    });

    it("names firms in English when asked in English", async () => {
      const res = await get("get-login-user-info", "partner", "en");
      expect(res.json().msg).toBe("success");
      expect(res.json().data.workspace.name).toBe("Mingde Law Firm");
    });

    it("works for a member without any rights (so the app can say 'not authorized')", async () => {
      expect((await get("get-login-user-info", "intern")).statusCode).toBe(200);
    });
  });

  describe("GET get-login-user-authority", () => {
    it("returns the CASL rules of the user's roles in the current firm", async () => {
      const admin = await get("get-login-user-authority", "admin");
      expect(admin.json().data).toEqual([{ action: "manage", subject: "all" }]);
      const lawyer = await get("get-login-user-authority", "lawyer");
      expect(lawyer.json().data).toContainEqual({ action: "basic", subject: "BASIC_PERMISSION" });
      expect(lawyer.json().data).not.toContainEqual({ action: "manage", subject: "all" });
      const intern = await get("get-login-user-authority", "intern");
      expect(intern.json().data).toEqual([]);
    });
  });

  describe("GET get-all-select-list and get-account-enabled-select-list", () => {
    it("lists the firm's members only, and drops disabled ones from the enabled list", async () => {
      const all = await get("get-all-select-list", "lawyer");
      const names = all
        .json()
        .data.map((u: { username: string }) => u.username)
        .sort();
      expect(names).toEqual(["admin", "assistant", "finance", "intern", "lawyer", "partner"]);

      const [intern] = await t.database.db.select().from(users).where(eq(users.username, "intern"));
      await t.database.db
        .update(members)
        .set({ isEnabled: false })
        .where(eq(members.userId, intern.id));
      const enabled = await get("get-account-enabled-select-list", "lawyer");
      expect(enabled.json().data.map((u: { username: string }) => u.username)).not.toContain(
        "intern",
      );
      const again = await get("get-all-select-list", "lawyer");
      expect(
        again.json().data.find((u: { username: string }) => u.username === "intern").enabled,
      ).toBe(false);
      await t.database.db
        .update(members)
        .set({ isEnabled: true })
        .where(eq(members.userId, intern.id));
    });

    it("is forbidden (403) to a member without basic rights", async () => {
      // A fresh sign-in: disabling intern above revoked the earlier one for good.
      const res = await t.app.inject({
        url: `${BASE}/get-all-select-list`,
        headers: { authorization: `Bearer ${await t.login("intern")}`, lang: "en" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 403,
        msg: "You do not have permission to do this",
        data: null,
      });
    });

    it("shows the second firm's members to its own users", async () => {
      const res = await get("get-all-select-list", "lawyer2");
      expect(
        res
          .json()
          .data.map((u: { username: string }) => u.username)
          .sort(),
      ).toEqual(["admin2", "lawyer2", "partner"]);
    });
  });

  describe("GET get-up-token", () => {
    it("returns a short-lived upload token scoped to the user and firm", async () => {
      const res = await get("get-up-token", "lawyer");
      expect(res.statusCode).toBe(200);
      const { token, expiresAt } = res.json().data;
      const ttl = new Date(expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300_000);
      const { payload } = await jwtVerify(
        token,
        new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-signing"),
        {
          audience: "upload",
        },
      );
      expect(payload).toMatchObject({
        scope: "upload",
        ws: expect.any(String),
        sub: expect.any(String),
      });
    });

    it("is not accepted as a session token", async () => {
      const { token } = (await get("get-up-token", "lawyer")).json().data;
      const res = await t.app.inject({
        url: `${BASE}/get-login-user-info`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe("POST /api/auth/switch-workspace", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("moves the sign-in to another firm of the user and reloads the rules without a new token", async () => {
    const headers = await t.as("partner", { lang: "en" });
    const before = await t.app.inject({ url: `${BASE}/get-login-user-info`, headers });
    const other = before.json().data.workspaces.find((w: { current: boolean }) => !w.current);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/switch-workspace",
      headers,
      payload: { workspaceId: other.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.workspace).toEqual({ id: other.id, name: "Zhengheng Law Firm" });
    const after = await t.app.inject({ url: `${BASE}/get-login-user-info`, headers });
    expect(after.json().data.workspace.id).toBe(other.id);
    const people = await t.app.inject({ url: `${BASE}/get-all-select-list`, headers });
    expect(people.json().data.map((u: { username: string }) => u.username)).toContain("admin2");
  });

  it("refuses a firm the user does not belong to (403) and stays where it was", async () => {
    const [second] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Zhengheng Law Firm"));
    const headers = await t.as("lawyer", { lang: "en" });
    const before = await t.app.inject({ url: `${BASE}/get-login-user-info`, headers });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/switch-workspace",
      headers,
      payload: { workspaceId: second.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe("You are not a member of that law firm");
    const still = await t.app.inject({ url: `${BASE}/get-login-user-info`, headers });
    expect(still.json().data.workspace.id).toBe(before.json().data.workspace.id);
  });
});
