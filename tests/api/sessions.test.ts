import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import { sessions, signInEvents, users } from "../../src/server/db/tables";
import { pruneSignIns } from "../../src/server/features/auth/sessions/history";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

describe("sessions: the user's sign-ins, their history and remote sign-out", () => {
  let t: TestApp;
  let other: TestApp["app"];
  beforeAll(async () => {
    t = await createTestApp();
    // A second app process on the same database, as behind a load balancer.
    other = await buildApp(testConfig(), { database: t.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, lang: "en" });
  const me = (app: TestApp["app"], token: string) =>
    app.inject({ url: "/api/profile", headers: bearer(token) });
  /** Another process hears of a revocation by NOTIFY, which PostgreSQL delivers a moment after the commit. */
  const settled = async (app: TestApp["app"], token: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await me(app, token);
      if (res.statusCode !== 200) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
    return me(app, token);
  };
  const signIn = async (username: string, userAgent = CHROME) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "user-agent": userAgent },
      payload: { username, password: "demo1234" },
    });
    return res.json().data.token as string;
  };
  const sessionIdOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sid: string }).sid;

  describe("GET /api/profile/sessions", () => {
    it("lists the active sign-ins with device, address, firm and times, marking this one", async () => {
      const a = await signIn("lawyer");
      const b = await signIn("lawyer", "curl/8.0");
      const res = await t.app.inject({ url: "/api/profile/sessions", headers: bearer(a) });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      const mine = rows.find((r) => r.id === sessionIdOf(a));
      expect(mine).toMatchObject({
        isCurrent: true,
        userAgent: CHROME,
        method: "password",
        workspaceName: "Mingde Law Firm",
        ip: "127.0.0.1",
      });
      expect(Date.parse(String(mine?.lastSeenAt))).toBeGreaterThan(0);
      expect(rows.find((r) => r.id === sessionIdOf(b))).toMatchObject({ isCurrent: false });
      // Nobody else's: the admin's list holds only the admin's sign-ins.
      const admin = await t.app.inject({
        url: "/api/profile/sessions",
        headers: await t.as("admin"),
      });
      expect(JSON.stringify(admin.json().data)).not.toContain(sessionIdOf(a));
    });

    it("moves 'last seen' on when a sign-in is used after a while", async () => {
      const token = await signIn("assistant");
      const sid = sessionIdOf(token);
      const hourAgo = new Date(Date.now() - 3_600_000);
      await t.database.db.update(sessions).set({ lastSeenAt: hourAgo }).where(eq(sessions.id, sid));
      await t.app.sessions.invalidate({ sessionId: sid });
      await new Promise((r) => setTimeout(r, 100));
      expect((await me(t.app, token)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(row.lastSeenAt.getTime()).toBeGreaterThan(hourAgo.getTime() + 60_000);
    });
  });

  describe("DELETE /api/profile/sessions/:sessionId", () => {
    it("signs another sign-in out at once, on every app process", async () => {
      const keep = await signIn("lawyer");
      const end = await signIn("lawyer");
      expect((await me(other, end)).statusCode).toBe(200); // cached on the second process
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/profile/sessions/${sessionIdOf(end)}`,
        headers: bearer(keep),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await settled(other, end)).json()).toMatchObject({
        code: 401,
        msg: "You have signed out, please sign in again",
      });
      expect((await me(t.app, end)).statusCode).toBe(401);
      expect((await me(t.app, keep)).statusCode).toBe(200);
    });

    it("refuses the current sign-in, another person's, and an unknown one", async () => {
      const mine = await signIn("lawyer");
      const theirs = await signIn("finance");
      const del = (sid: string) =>
        t.app.inject({
          method: "DELETE",
          url: `/api/profile/sessions/${sid}`,
          headers: bearer(mine),
        });
      expect((await del(sessionIdOf(mine))).statusCode).toBe(409);
      expect((await del(sessionIdOf(theirs))).statusCode).toBe(404);
      expect((await me(t.app, theirs)).statusCode).toBe(200);
      expect((await del("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      const hostile = await del("a%00b");
      expect(hostile.statusCode).toBe(400);
      expect(hostile.json()).toMatchObject({ code: 400 });
    });
  });

  describe("POST /api/profile/sessions/revoke-others", () => {
    it("signs out every other sign-in and keeps this one", async () => {
      const keep = await signIn("assistant");
      const others = [await signIn("assistant"), await signIn("assistant")];
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profile/sessions/revoke-others",
        headers: bearer(keep),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.revoked).toBeGreaterThanOrEqual(2);
      for (const token of others) expect((await settled(other, token)).statusCode).toBe(401);
      expect((await me(t.app, keep)).statusCode).toBe(200);
    });
  });

  describe("POST /api/members/:id/sessions/revoke", () => {
    const memberOf = async (username: string, firm: string) => {
      const result = await t.database.db.execute(
        sql`select m.id from members m join users u on u.id = m.user_id join workspaces w on w.id = m.workspace_id
             where u.username = ${username} and w.name_en = ${firm}`,
      );
      return (result as unknown as { rows: { id: string }[] }).rows[0].id;
    };

    it("lets an administrator sign a member out everywhere, audited and told", async () => {
      const tokens = [await signIn("finance"), await signIn("finance")];
      for (const token of tokens) expect((await me(other, token)).statusCode).toBe(200);
      const admin = await t.as("admin", { lang: "en" });
      const member = await memberOf("finance", "Mingde Law Firm");
      const before = await t.app.inject({ url: `/api/members/${member}/security`, headers: admin });
      expect(before.json().data).toMatchObject({ isTwoFactorEnabled: false });
      expect(before.json().data.activeSessions).toBeGreaterThanOrEqual(2);
      const res = await t.app.inject({
        method: "POST",
        url: `/api/members/${member}/sessions/revoke`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const token of tokens) expect((await settled(other, token)).statusCode).toBe(401);
      const audit = await t.database.db.execute(
        sql`select action from audit_logs where entity = 'sessions' and after->>'revokedBy' is not null`,
      );
      expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      const fresh = await signIn("finance");
      const told = await t.app.inject({ url: "/api/notifications", headers: bearer(fresh) });
      expect(JSON.stringify(told.json().data)).toContain("security.notifications.signedOutByAdmin");
    });

    it("is the firm's administrators' only, for the firm's own members", async () => {
      const lawyer = await t.as("lawyer", { lang: "en" });
      const member = await memberOf("assistant", "Mingde Law Firm");
      const url = `/api/members/${member}/sessions/revoke`;
      expect((await t.app.inject({ method: "POST", url, headers: lawyer })).statusCode).toBe(403);
      const foreign = await memberOf("lawyer2", "Zhengheng Law Firm");
      const res = await t.app.inject({
        method: "POST",
        url: `/api/members/${foreign}/sessions/revoke`,
        headers: await t.as("admin", { lang: "en" }),
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("GET /api/profile/sign-ins", () => {
    it("shows successes and failures of the last 90 days, newest first, and pages them", async () => {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "lawyer2", password: "wrong" },
      });
      const token = await signIn("lawyer2");
      const res = await t.app.inject({
        url: "/api/profile/sign-ins?_start=0&_end=10",
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as { outcome: string; reason: string; userAgent: string }[];
      expect(rows[0]).toMatchObject({ outcome: "success", userAgent: CHROME });
      expect(rows[1]).toMatchObject({ outcome: "failure", reason: "password" });
      const failures = await t.app.inject({
        url: "/api/profile/sign-ins?outcome=failure",
        headers: bearer(token),
      });
      expect(failures.json().data.every((r: { outcome: string }) => r.outcome === "failure")).toBe(
        true,
      );
      expect(Number(failures.headers["x-total-count"])).toBe(failures.json().data.length);
      const bad = await t.app.inject({
        url: "/api/profile/sign-ins?outcome=maybe",
        headers: bearer(token),
      });
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
    });

    it("forgets attempts older than 90 days (the periodic job)", async () => {
      const [lawyer2] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.username, "lawyer2"));
      const old = new Date(Date.now() - 91 * 86_400_000);
      await t.database.db
        .insert(signInEvents)
        .values({ userId: lawyer2.id, outcome: "success", method: "password", occurredAt: old });
      await pruneSignIns(t.database.db);
      const left = await t.database.db.execute(
        sql`select count(*)::int as n from sign_in_events where occurred_at < now() - interval '90 days'`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
      expect(t.app.jobs.names()).toContain("sign-in-history-prune");
    });
  });
});
