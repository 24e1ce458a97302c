import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import { auditLogs, sessions } from "../../src/server/db/tables";
import { openTestDatabase } from "../fixtures/database";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";

describe("the answer envelope and bad input", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ bodyLimitBytes: 64 * 1024 });
  });
  afterAll(() => t.close());

  const counts = async () => {
    const [[a], [s]] = await Promise.all([
      t.database.db.select({ n: count() }).from(auditLogs),
      t.database.db.select({ n: count() }).from(sessions),
    ]);
    return { audit: a.n, sessions: s.n };
  };

  const switchTo = async (payload: string, lang = "en", contentType = "application/json") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/switch-workspace",
      headers: { ...(await t.as("partner")), lang, "content-type": contentType },
      payload,
    });

  it("wraps success as {code: 200, msg, data}", async () => {
    const res = await t.app.inject({ url: "/api/config", headers: { lang: "en" } });
    expect(res.json()).toMatchObject({
      code: 200,
      msg: "success",
      data: { systemTitle: "Law Firm Management System" },
    });
    const zh = await t.app.inject({ url: "/api/config" });
    expect(zh.json()).toMatchObject({ msg: "成功", data: { systemTitle: "律所管理系统" } });
  });

  it("answers malformed JSON with 400 and writes nothing", async () => {
    await t.as("partner");
    const before = await counts();
    const res = await switchTo('{"workspaceId": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: "The request body is not valid JSON",
      data: null,
    });
    expect((await switchTo("{oops", "zh-CN")).json().msg).toBe("请求内容不是有效的 JSON");
    expect(await counts()).toEqual(before);
  });

  it("lists the bad fields for wrong types and unknown fields (422)", async () => {
    const before = await counts();
    const res = await switchTo(JSON.stringify({ workspaceId: 42, extra: true }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(422);
    expect(body.data.fields).toEqual(
      expect.arrayContaining([
        { field: "extra", message: "unknown field" },
        expect.objectContaining({ field: "workspaceId" }),
      ]),
    );
    expect(body.msg).toContain("extra");
    const zh = await switchTo(JSON.stringify({}), "zh-CN");
    expect(zh.json().data.fields).toEqual([{ field: "workspaceId", message: "必填" }]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an oversized body with 413", async () => {
    const before = await counts();
    const res = await switchTo(JSON.stringify({ workspaceId: "x".repeat(100 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 413,
      msg: "The request is too large (at most 64 KB)",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a huge string within the body limit by its maxLength", async () => {
    const before = await counts();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { lang: "en" },
      payload: { username: "a".repeat(50_000), password: "x" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toEqual([
      { field: "username", message: "must be at most 100 characters" },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an unsupported content type with 415", async () => {
    const res = await switchTo("workspaceId=1", "en", "text/csv");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, msg: "Unsupported content type: text/csv" });
  });

  it("answers unknown API paths with an envelope 404", async () => {
    const res = await t.app.inject({ url: "/api/no-such-thing", headers: { lang: "en" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      msg: "No such endpoint: GET /api/no-such-thing",
      data: null,
    });
  });

  it("sends security headers with every answer", async () => {
    const res = await t.app.inject({ url: "/api/config" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("unexpected failures", () => {
  it("answer 500 'server busy' without any stack trace or internal message", async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    app.get("/api/boom", { config: { permission: "public" } }, async () => {
      throw new Error("db password is hunter2");
    });
    await app.ready();
    const res = await app.inject({ url: "/api/boom", headers: { lang: "en" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      msg: "Server is busy. Please try again later.",
      data: null,
    });
    expect(res.body).not.toContain("hunter2");
    expect(res.body).not.toContain("at ");
    await app.close();
    await database.close();
  });

  it("refuse to start a route that declares no permission", async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    expect(() => app.get("/api/forgotten", async () => "x")).toThrow(
      /declares no config.permission/,
    );
    await app.close();
    await database.close();
  });
});
