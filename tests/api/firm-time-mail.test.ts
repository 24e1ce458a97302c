import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import {
  memberRoles,
  members,
  outboxMessages,
  roles,
  users,
  workspaces,
} from "../../src/server/db/tables";
import { runDeadlineReminders } from "../../src/server/features/deadlines/reminders";
import { testConfig, type TestApp } from "../fixtures/app";
import { deadlinesApi, plusDays } from "../fixtures/deadlines";
import { casesSuite } from "../fixtures/cases";

/** The firm's time zone setting, the calendar feed's owner checks, and deadline e-mails' links and addresses. */
describe("firm time, calendar feed owners and deadline e-mails", () => {
  const suite = casesSuite({ casesExpiryIntervalSeconds: 0, deadlineReminderIntervalSeconds: 0 });
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  const settingsOf = async (username: string) => {
    const [u] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    const [m] = await t.database.db
      .select({ ws: members.workspaceId })
      .from(members)
      .where(eq(members.userId, u.id));
    const [w] = await t.database.db
      .select({ settings: workspaces.settings })
      .from(workspaces)
      .where(eq(workspaces.id, m.ws));
    return w.settings;
  };
  beforeAll(() => {
    t = suite.t;
    api = deadlinesApi(t);
  });

  describe("PUT /api/firm-time-zone", () => {
    const put = async (who: string, payload: unknown, lang = "en") =>
      t.app.inject({
        method: "PUT",
        url: "/api/firm-time-zone",
        headers: await t.as(who, { lang, "content-type": "application/json" }),
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });

    it("is Asia/Shanghai until set, and the login user info carries it", async () => {
      expect((await api.get("lawyer", "/api/firm-time-zone")).json().data).toEqual({
        timeZone: "Asia/Shanghai",
      });
      const info = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers: await t.as("lawyer"),
      });
      expect(info.json().data.workspace.timeZone).toBe("Asia/Shanghai");
    });

    it("refuses an unknown zone with 422 in both languages and changes nothing", async () => {
      const before = await settingsOf("admin");
      const en = await put("admin", { timeZone: "Mars/Olympus_Mons" });
      expect(en.statusCode).toBe(422);
      expect(en.json()).toMatchObject({
        code: 422,
        data: { fields: [{ field: "timeZone", message: "Unknown time zone" }] },
      });
      const zh = await put("admin", { timeZone: "Asia/Beijing" }, "zh-CN");
      expect(zh.statusCode).toBe(422);
      expect(zh.json().data.fields[0].message).toBe("未知的时区");
      expect(await settingsOf("admin")).toEqual(before);
    });

    it("refuses NUL, __proto__, deep JSON and extra fields, changing nothing", async () => {
      const before = await settingsOf("admin");
      const deep = `${'{"a":'.repeat(200)}1${"}".repeat(200)}`;
      for (const body of [
        { timeZone: "Asia/Shang\u0000hai" },
        '{"timeZone":"UTC","__proto__":{"isAdmin":true}}',
        `{"timeZone":"UTC","x":${deep}}`,
        { timeZone: "UTC", extra: 1 },
        { timeZone: "" },
      ]) {
        const res = await put("admin", body);
        expect(res.statusCode, String(body)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await settingsOf("admin")).toEqual(before);
    });

    it("is for those who manage the firm's settings: a lawyer gets 403", async () => {
      const res = await put("lawyer", { timeZone: "UTC" });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403);
    });

    it("an admin sets it for their firm only; the user info follows", async () => {
      const res = await put("admin2", { timeZone: "America/New_York" });
      expect(res.statusCode, res.body).toBe(200);
      expect((await api.get("lawyer2", "/api/firm-time-zone")).json().data.timeZone).toBe(
        "America/New_York",
      );
      expect((await api.get("lawyer", "/api/firm-time-zone")).json().data.timeZone).toBe(
        "Asia/Shanghai",
      );
      const info = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers: await t.as("lawyer2"),
      });
      expect(info.json().data.workspace.timeZone).toBe("America/New_York");
      expect((await put("admin2", { timeZone: "Asia/Shanghai" })).statusCode).toBe(200);
    });
  });

  describe("GET /api/calendar-feed/:token on two processes", () => {
    const feedOf = async (who: string) =>
      (await api.post(who, "/api/calendar-feed", {})).json().data.path as string;

    it("dies on every process when its owner's account is disabled, their membership is, or their role loses the right to sign in", async () => {
      const other = await buildApp(testConfig(), { database: t.database, logger: false });
      await other.ready();
      try {
        const both = async (path: string) => [
          (await t.app.inject({ url: path })).statusCode,
          (await other.inject({ url: path })).statusCode,
        ];
        const [assistant] = await t.database.db
          .select()
          .from(users)
          .where(eq(users.username, "assistant"));
        const path = await feedOf("assistant");
        expect(await both(path)).toEqual([200, 200]);
        await t.database.db
          .update(users)
          .set({ isEnabled: false })
          .where(eq(users.id, assistant.id));
        expect(await both(path)).toEqual([404, 404]);
        await t.database.db
          .update(users)
          .set({ isEnabled: true })
          .where(eq(users.id, assistant.id));
        expect(await both(path)).toEqual([200, 200]);

        const [finance] = await t.database.db
          .select()
          .from(users)
          .where(eq(users.username, "finance"));
        const financePath = await feedOf("finance");
        expect(await both(financePath)).toEqual([200, 200]);
        await t.database.db
          .update(members)
          .set({ isEnabled: false })
          .where(eq(members.userId, finance.id));
        expect(await both(financePath)).toEqual([404, 404]);

        // The assistant made an intern (a role with no rights, not even to open the app).
        const [own] = await t.database.db
          .select()
          .from(memberRoles)
          .where(eq(memberRoles.userId, assistant.id));
        const [intern] = await t.database.db
          .select()
          .from(roles)
          .where(and(eq(roles.workspaceId, own.workspaceId), eq(roles.code, "intern")));
        await t.database.db
          .update(memberRoles)
          .set({ roleId: intern.id })
          .where(eq(memberRoles.userId, assistant.id));
        expect(await both(path)).toEqual([404, 404]);
        await t.database.db
          .update(memberRoles)
          .set({ roleId: own.roleId })
          .where(eq(memberRoles.userId, assistant.id));
        expect(await both(path)).toEqual([200, 200]);
      } finally {
        await other.close();
      }
    });
  });

  describe("deadline reminder e-mails", () => {
    const remind = async (caseOwner: string, extra: Record<string, unknown>) => {
      const kase = await api.open(caseOwner, extra);
      const created = (
        await api.addKeyDate(caseOwner, kase.id, {
          deadlineType: "hearing",
          source: "court-notice",
          dueDate: plusDays(3),
          startsAt: `${plusDays(3)}T01:30:00.000Z`,
          reminderOffsets: [3],
        })
      ).json().data;
      expect(created.id).toBeTruthy();
      await runDeadlineReminders(t.database.db, new Date(), { senders: {} });
      return {
        caseId: kase.id as string,
        mails: await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.entityId, created.id)),
      };
    };

    it("links absolutely to the origin the firm's members last reached the app on when PUBLIC_URL is unset, with the hearing at the firm's 09:30 (UTC+8)", async () => {
      // A page of the app in a browser (fetch metadata) reaching it at law.mingde.example.
      const seen = await t.app.inject({
        url: "/api/my-agenda",
        headers: await t.as("lawyer", {
          host: "law.mingde.example",
          "sec-fetch-site": "same-origin",
        }),
      });
      expect(seen.statusCode).toBe(200);
      // A script calling by another address is not a page of the app: it does not move the origin.
      await t.app.inject({
        url: "/api/my-agenda",
        headers: await t.as("lawyer", { host: "10.0.0.5:3000" }),
      });
      const { caseId, mails } = await remind("lawyer", {});
      expect(mails.length).toBeGreaterThan(0);
      for (const m of mails) {
        expect(m.body).toContain(
          `http://law.mingde.example/manage/case/detail/${caseId}?tab=key-dates`,
        );
        expect(m.body).not.toMatch(/(^|\s)\/manage\//);
        expect(m.body).toContain(`${plusDays(3)} 09:30 (UTC+8)`);
      }
    });

    it("go to the member's address in the firm that sends them: the partner of both firms gets Zhengheng's at his Zhengheng address", async () => {
      const partner = await api.userId("partner");
      const { mails } = await remind("lawyer2", { leadPartnerId: partner });
      const recipients = mails.map((m) => m.recipient);
      expect(recipients).toContain("liming@zhengheng.example");
      expect(recipients).not.toContain("liming@mingde.example");
      // Without a work address in Zhengheng, none goes to the account's (Mingde) address either.
      const zhengheng = mails[0].workspaceId;
      await t.database.db
        .update(members)
        .set({ email: "" })
        .where(and(eq(members.workspaceId, zhengheng), eq(members.userId, partner)));
      const again = await remind("lawyer2", { leadPartnerId: partner });
      expect(again.mails.length).toBeGreaterThan(0);
      expect(again.mails.map((m) => m.recipient)).not.toContain("liming@mingde.example");
      const rows = await t.database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, ["liming@mingde.example"]));
      expect(rows.filter((r) => again.mails.some((m) => m.id === r.id))).toEqual([]);
    });
  });
});
