import { and, eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLogs, notifications, userTwoFactor, users } from "../../src/server/db/tables";
import { DEMO_TOTP_SECRET } from "../../src/server/seed/demo";
import { createTestApp, type TestApp } from "../fixtures/app";

const REFUSED =
  "Wrong or already used code (after 3 wrong attempts the account is locked for 15 minutes)";

/** The code of the step `steps` away from now (the server takes ±1). */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe("two-factor sign-in (TOTP)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload, headers: { lang: "en", ...headers } });
  const password = (username: string, extra: object = {}) =>
    post("/api/auth/login", { username, password: "demo1234", ...extra });
  const verify = (challenge: string, body: object) =>
    post("/api/auth/two-factor/verify", { challenge, ...body });
  const userId = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0].id;
  /** Lets a code of an already used step count again, where the test is not about replays. */
  const forgetUsedStep = async (username: string) =>
    t.database.db
      .update(userTwoFactor)
      .set({ lastUsedStep: null })
      .where(eq(userTwoFactor.userId, await userId(username)));
  const unlock = async (username: string) =>
    t.database.db
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null })
      .where(eq(users.username, username));

  const memberIdOf = async (username: string) => {
    const result = await t.database.db.execute(
      sql`select m.id from members m join users u on u.id = m.user_id join workspaces w on w.id = m.workspace_id
           where u.username = ${username} and w.name_en = 'Mingde Law Firm'`,
    );
    return (result as unknown as { rows: { id: string }[] }).rows[0].id;
  };

  /** Enrols a user from their profile; answers the secret and the recovery codes. */
  const enrol = async (username: string) => {
    const headers = { authorization: `Bearer ${await t.login(username)}` };
    const setup = await post("/api/profile/two-factor/setup", {}, headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, qrDataUrl, otpauthUri } = setup.json().data;
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const enabled = await post(
      "/api/profile/two-factor/enable",
      { code: await codeOf(secret) },
      headers,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    return {
      secret: secret as string,
      codes: enabled.json().data.recoveryCodes as string[],
      headers,
    };
  };

  describe("POST /api/auth/login", () => {
    it("asks the demo partner for a code instead of answering a token", async () => {
      const res = await password("partner");
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ twoFactor: "verify" });
      expect(data.token).toBeUndefined();
      // The challenge is not a session: the API refuses it as a Bearer token.
      const me = await t.app.inject({
        url: "/api/profile",
        headers: { authorization: `Bearer ${data.challenge}`, lang: "en" },
      });
      expect(me.statusCode).toBe(401);
    });

    it("keeps the demo secret sealed at rest, never in the clear", async () => {
      const [row] = await t.database.db
        .select()
        .from(userTwoFactor)
        .where(eq(userTwoFactor.userId, await userId("partner")));
      expect(row.secretSealed).not.toContain(DEMO_TOTP_SECRET);
      expect(row.secretSealed).not.toMatch(/^demo:/);
    });
  });

  describe("POST /api/auth/two-factor/verify", () => {
    it("signs in with a code, and refuses the same code a second time", async () => {
      await forgetUsedStep("partner");
      const code = await codeOf(DEMO_TOTP_SECRET);
      const first = await verify((await password("partner")).json().data.challenge, { code });
      expect(first.statusCode, first.body).toBe(200);
      const me = await t.app.inject({
        url: "/api/profile",
        headers: { authorization: `Bearer ${first.json().data.token}` },
      });
      expect(me.json().data.username).toBe("partner");
      const replay = await verify((await password("partner")).json().data.challenge, { code });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 401, msg: REFUSED, data: null });
      await unlock("partner");
    });

    it("takes the neighbouring step's code, not one two steps away", async () => {
      await forgetUsedStep("partner");
      const challenge = (await password("partner")).json().data.challenge;
      expect(
        (await verify(challenge, { code: await codeOf(DEMO_TOTP_SECRET, 3) })).statusCode,
      ).toBe(401);
      expect(
        (await verify(challenge, { code: await codeOf(DEMO_TOTP_SECRET, 1) })).statusCode,
      ).toBe(200);
      await unlock("partner");
    });

    it("counts wrong codes toward the lockout, which then refuses the right code and password", async () => {
      const { secret } = await enrol("assistant");
      const challenge = (await password("assistant")).json().data.challenge;
      for (let i = 0; i < 3; i++) {
        const res = await verify(challenge, { code: "000000" });
        expect(res.json().msg).toBe(REFUSED);
      }
      const right = await verify(challenge, { code: await codeOf(secret, 1) });
      expect(right.statusCode).toBe(401);
      expect(right.json().msg).toBe(REFUSED);
      expect((await password("assistant")).statusCode).toBe(401);
      await unlock("assistant");
      const history = await t.database.db.execute(
        sql`select reason from sign_in_events where user_id = ${await userId("assistant")} and outcome = 'failure'`,
      );
      const reasons = (history as unknown as { rows: { reason: string }[] }).rows.map(
        (r) => r.reason,
      );
      expect(reasons.filter((r) => r === "code")).toHaveLength(3);
      expect(reasons).toContain("locked");
    });

    it("signs in once with each recovery code", async () => {
      const { codes } = await enrol("finance");
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const first = await verify((await password("finance")).json().data.challenge, {
        recoveryCode: codes[0].toUpperCase(),
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.recoveryCodesLeft).toBe(9);
      const again = await verify((await password("finance")).json().data.challenge, {
        recoveryCode: codes[0],
      });
      expect(again.statusCode).toBe(401);
      const stored = await t.database.db.execute(
        sql`select code_hash from recovery_codes where user_id = ${await userId("finance")}`,
      );
      const hashes = (stored as unknown as { rows: { code_hash: string }[] }).rows;
      expect(hashes.every((h) => h.code_hash.startsWith("scrypt$"))).toBe(true);
      expect(JSON.stringify(hashes)).not.toContain(codes[1]);
      await unlock("finance");
    });

    it("trusts a browser for 30 days, for that account, until its two-factor sign-in is reset", async () => {
      const { secret } = await enrol("lawyer");
      const challenge = (await password("lawyer")).json().data.challenge;
      const done = await verify(challenge, { code: await codeOf(secret, 1), trustBrowser: true });
      const { trustedToken, trustedExpiresAt } = done.json().data;
      expect(Date.parse(trustedExpiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
      const trusted = await password("lawyer", { trustedToken });
      expect(trusted.json().data.token).toBeTruthy();
      expect((await password("partner", { trustedToken })).json().data.twoFactor).toBe("verify");

      // An administrator resets it (a lost phone): audited, and the member is told.
      const member = await memberIdOf("lawyer");
      const admin = await t.as("admin", { lang: "en" });
      const reset = await post(`/api/members/${member}/two-factor/reset`, {}, admin);
      expect(reset.statusCode, reset.body).toBe(200);
      const lawyerId = await userId("lawyer");
      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "two_factor"), eq(auditLogs.entityId, lawyerId)));
      expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, lawyerId));
      expect(told.map((n) => n.titleKey)).toContain("security.notifications.twoFactorReset");
      expect((await post(`/api/members/${member}/two-factor/reset`, {}, admin)).statusCode).toBe(
        409,
      );

      // A new enrolment has a new trust key: the old browser is asked for a code again.
      await enrol("lawyer");
      expect((await password("lawyer", { trustedToken })).json().data.twoFactor).toBe("verify");
    });

    it("refuses malformed input with a translated 400 and writes nothing", async () => {
      const before = await t.database.db.select().from(auditLogs);
      for (const payload of [
        '{"challenge":"a\\u0000b","code":"123456"}',
        '{"challenge":"x","__proto__":{"isAdmin":true}}',
        `{"challenge":"x","deep":${'{"a":'.repeat(200)}1${"}".repeat(200)}}`,
      ]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/two-factor/verify",
          headers: { "content-type": "application/json", lang: "zh-CN" },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json()).toMatchObject({ code: 400 });
        expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
      }
      const badCode = await verify("x", { code: "12345a" });
      expect(badCode.statusCode).toBe(422);
      expect(badCode.json().data.fields[0].field).toBe("code");
      expect(await t.database.db.select().from(auditLogs)).toHaveLength(before.length);
    });
  });

  describe("the firm's policy (PUT /api/security-settings)", () => {
    it("sends a member of a required role to enrolment at their next sign-in", async () => {
      const admin = await t.as("admin", { lang: "en" });
      const roles = (await t.app.inject({ url: "/api/roles", headers: admin })).json().data as {
        id: string;
        code: string;
      }[];
      const intern = roles.find((r) => r.code === "intern")!;
      const body = { twoFactor: { mode: "roles", roleIds: [intern.id] } };
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/security-settings",
        headers: admin,
        payload: body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(
        (await t.app.inject({ url: "/api/security-settings", headers: admin })).json().data,
      ).toEqual(body);

      const challenge = (await password("intern")).json().data;
      expect(challenge).toMatchObject({ twoFactor: "enrol" });
      const setup = await post("/api/auth/two-factor/enrol", { challenge: challenge.challenge });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = setup.json().data;
      const wrong = await post("/api/auth/two-factor/enrol/confirm", {
        challenge: challenge.challenge,
        code: "000000",
      });
      expect(wrong.statusCode).toBe(400);
      const done = await post("/api/auth/two-factor/enrol/confirm", {
        challenge: challenge.challenge,
        code: await codeOf(secret),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.recoveryCodes).toHaveLength(10);
      expect((await password("intern")).json().data.twoFactor).toBe("verify");

      // Required: the member cannot turn it off.
      const internHeaders = { authorization: `Bearer ${done.json().data.token}` };
      const off = await post(
        "/api/profile/two-factor/disable",
        { password: "demo1234", code: await codeOf(secret, 1) },
        internHeaders,
      );
      expect(off.statusCode).toBe(409);
      expect(off.json().msg).toBe(
        "Your law firm requires two-factor sign-in, so it cannot be turned off",
      );
      const status = await t.app.inject({ url: "/api/profile/two-factor", headers: internHeaders });
      expect(status.json().data).toMatchObject({
        isEnabled: true,
        isRequired: true,
        recoveryCodesLeft: 10,
      });
    });

    it("refuses a role list that is empty or not the firm's, and callers without role rights", async () => {
      const admin = await t.as("admin", { lang: "en" });
      const put = (headers: Record<string, string>, twoFactor: object) =>
        t.app.inject({
          method: "PUT",
          url: "/api/security-settings",
          headers,
          payload: { twoFactor },
        });
      expect((await put(admin, { mode: "roles", roleIds: [] })).statusCode).toBe(422);
      const foreign = await t.database.db.execute(
        sql`select r.id from roles r join workspaces w on w.id = r.workspace_id where w.name_en = 'Zhengheng Law Firm' limit 1`,
      );
      const foreignId = (foreign as unknown as { rows: { id: string }[] }).rows[0].id;
      expect((await put(admin, { mode: "roles", roleIds: [foreignId] })).statusCode).toBe(404);
      expect((await put(await t.as("lawyer2", { lang: "en" }), { mode: "all" })).statusCode).toBe(
        403,
      );
    });
  });

  describe("the user's own page (/api/profile/two-factor)", () => {
    it("turns off only with the password and a current code", async () => {
      const { secret, headers } = await enrol("admin2");
      const status = await t.app.inject({ url: "/api/profile/two-factor", headers });
      expect(status.json().data).toMatchObject({ isEnabled: true, isRequired: false });
      expect((await post("/api/profile/two-factor/setup", {}, headers)).statusCode).toBe(409);
      const badPassword = await post(
        "/api/profile/two-factor/disable",
        { password: "nope", code: await codeOf(secret, 1) },
        headers,
      );
      expect(badPassword.statusCode).toBe(400);
      // A wrong code is a 400 here: a 401 would sign the browser out.
      const badCode = await post(
        "/api/profile/two-factor/disable",
        { password: "demo1234", code: "000000" },
        headers,
      );
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().msg).toBe(REFUSED);
      const off = await post(
        "/api/profile/two-factor/disable",
        { password: "demo1234", code: await codeOf(secret, 1) },
        headers,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect((await password("admin2")).json().data.token).toBeTruthy();
    });

    it("makes new recovery codes for a current code; the old ones stop working", async () => {
      const { secret, codes, headers } = await enrol("lawyer2");
      const again = await post(
        "/api/profile/two-factor/recovery-codes",
        { code: await codeOf(secret, 1) },
        headers,
      );
      expect(again.statusCode, again.body).toBe(200);
      const fresh = again.json().data.recoveryCodes as string[];
      expect(fresh).toHaveLength(10);
      const old = await verify((await password("lawyer2")).json().data.challenge, {
        recoveryCode: codes[0],
      });
      expect(old.statusCode).toBe(401);
      const now = await verify((await password("lawyer2")).json().data.challenge, {
        recoveryCode: fresh[0],
      });
      expect(now.statusCode).toBe(200);
    });
  });
});
