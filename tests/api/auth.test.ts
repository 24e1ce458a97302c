import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { members, sessions, users } from "../../src/server/db/tables";
import { createTokenSigner, SESSION_AUDIENCE } from "../../src/server/lib/tokens";
import { createTestApp, type TestApp } from "../fixtures/app";

const INFO = "/api/user-service/user/get-login-user-info";

const REFUSED =
  "Wrong username or password (after 3 wrong passwords an account is locked for 15 minutes)";

describe("POST /api/auth/login", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(() => t.close());

  const post = (username: string, password: string, lang = "en") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { lang },
      payload: { username, password },
    });

  it("signs in a demo user and returns a token that opens the API", async () => {
    const res = await post("lawyer", "demo1234");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: { token: expect.any(String), expiresAt: expect.any(String) },
    });
    const info = await t.app.inject({
      url: INFO,
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(info.json().data).toMatchObject({
      username: "lawyer",
      name: "张伟",
      nameSuffix: "律师",
    });
  });

  it("accepts the username in any letter case", async () => {
    expect((await post("LAWYER", "demo1234")).statusCode).toBe(200);
  });

  it("rejects a wrong password with 401 in the requested language", async () => {
    const en = await post("assistant", "nope");
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({ code: 401, msg: REFUSED, data: null });
    const zh = await post("assistant", "nope", "zh-CN");
    expect(zh.json().msg).toBe("用户名或密码错误（连续 3 次密码错误后账号将被锁定 15 分钟）");
  });

  it("answers an unknown user exactly like a wrong password", async () => {
    const res = await post("nobody", "demo1234");
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(REFUSED);
  });

  it("locks the account after repeated failures, even for the right password, answering like an unknown name", async () => {
    const unknown = await post("no-such-person", "bad");
    expect((await post("finance", "bad")).statusCode).toBe(401);
    expect((await post("finance", "bad")).statusCode).toBe(401);
    const third = await post("finance", "bad");
    const right = await post("finance", "demo1234");
    // Locked (even with the right password), wrong and unknown: one status, one message.
    for (const res of [third, right, unknown])
      expect(res.json()).toEqual({ code: 401, msg: REFUSED, data: null });
    const [finance] = await t.database.db.select().from(users).where(eq(users.username, "finance"));
    expect(finance.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("lets the account in again once the lock has passed", async () => {
    await t.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.username, "finance"));
    expect((await post("finance", "demo1234")).statusCode).toBe(200);
  });

  it("refuses a member whose only membership is disabled", async () => {
    const [lawyer2] = await t.database.db.select().from(users).where(eq(users.username, "lawyer2"));
    await t.database.db
      .update(members)
      .set({ isEnabled: false })
      .where(eq(members.userId, lawyer2.id));
    const res = await post("lawyer2", "demo1234");
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe("Your membership in this law firm is disabled");
    await t.database.db
      .update(members)
      .set({ isEnabled: true })
      .where(eq(members.userId, lawyer2.id));
  });
});

describe("login rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  it("answers 429 with a translated message past the per-minute limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { lang: "en" },
        payload: { username: "nobody", password: "x" },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({
          code: 429,
          msg: expect.stringMatching(
            /^Too many requests: at most 3 a minute from one address; try again in \d+ seconds$/,
          ),
        });
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe("bearer tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const info = (token?: string, lang = "en") =>
    t.app.inject({
      url: INFO,
      headers: { lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it("answers 401 without a token", async () => {
    const res = await info();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: "Please sign in", data: null });
    expect((await info(undefined, "zh-CN")).json().msg).toBe("请先登录");
  });

  it("answers 401 to a token signed with another secret", async () => {
    const real = await t.login("lawyer");
    const claims = JSON.parse(Buffer.from(real.split(".")[1], "base64url").toString());
    const forged = await createTokenSigner("another-secret-another-secret-xx").sign(
      { sid: claims.sid },
      SESSION_AUDIENCE,
      claims.sub,
      new Date(Date.now() + 60_000),
    );
    const res = await info(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe("Your sign-in is not valid, please sign in again");
  });

  it("answers 401 to an unsigned (alg none) token", async () => {
    const real = await t.login("lawyer");
    const [, payload] = real.split(".");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect((await info(none)).statusCode).toBe(401);
  });

  it("answers 401 to an expired token", async () => {
    const real = await t.login("lawyer");
    const claims = JSON.parse(Buffer.from(real.split(".")[1], "base64url").toString());
    const expired = await createTokenSigner(
      "test-secret-that-is-long-enough-for-hs256-signing",
    ).sign({ sid: claims.sid }, SESSION_AUDIENCE, claims.sub, new Date(Date.now() - 60_000));
    const res = await info(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe("Your session has expired, please sign in again");
  });

  it("answers 401 when the session itself has expired on the server", async () => {
    const token = await t.login("assistant");
    const sid = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).sid;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    expect((await info(token)).statusCode).toBe(401);
  });

  it("rejects a garbage Authorization header", async () => {
    const res = await t.app.inject({ url: INFO, headers: { authorization: "Bearer not.a.jwt" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("revokes the token on the server: the same token is refused afterwards", async () => {
    const token = await t.login("lawyer");
    const auth = { authorization: `Bearer ${token}`, lang: "en" };
    expect((await t.app.inject({ url: INFO, headers: auth })).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: INFO, headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe("You have signed out, please sign in again");
  });

  it("leaves the user's other sign-ins working", async () => {
    const a = await t.login("lawyer");
    const b = await t.login("lawyer");
    await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${a}` },
    });
    expect(
      (await t.app.inject({ url: INFO, headers: { authorization: `Bearer ${b}` } })).statusCode,
    ).toBe(200);
  });

  it("writes login and logout audit rows", async () => {
    const result = await t.database.db.execute(
      sql`select action, count(*)::int as n from audit_logs where action in ('login','logout') group by action order by action`,
    );
    const rows = (result as unknown as { rows: { action: string; n: number }[] }).rows;
    expect(rows.find((r) => r.action === "logout")?.n).toBeGreaterThanOrEqual(2);
    expect(rows.find((r) => r.action === "login")?.n).toBeGreaterThanOrEqual(3);
  });
});
