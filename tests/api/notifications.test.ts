import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { notifications, users } from "../../src/server/db/tables";
import { createNotifications } from "../../src/server/features/notifications/service";
import { createTestApp, type TestApp } from "../fixtures/app";

type Row = {
  id: string;
  type: string;
  titleKey: string;
  title: string;
  params: Record<string, string>;
  isRead: boolean;
};

/** Reads Server-Sent Events from a real socket until `until` says stop. */
const readEvents = async (
  url: string,
  token: string,
  until: (events: { event: string; data: unknown }[]) => boolean,
) => {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  const deadline = setTimeout(() => controller.abort(), 20_000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const chunk = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(chunk)?.[1];
        const data = /^data: (.*)$/m.exec(chunk)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return { status: res.status, type: res.headers.get("content-type"), events };
};

describe("notifications", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  const list = async (who: string, query = "") =>
    t.app.inject({ url: `/api/notifications?_start=0&_end=50${query}`, headers: await t.as(who) });

  describe("GET /api/notifications", () => {
    it("lists only the caller's own notifications, newest first, with the total", async () => {
      const res = await list("lawyer");
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0]).toMatchObject({
        type: "system",
        titleKey: "notifications.messages.welcomeTitle",
        params: { firm: "明德律师事务所" },
      });
      expect(Number(res.headers["x-total-count"])).toBe(rows.length);
    });

    it("filters by read state", async () => {
      const unread = await list("assistant", "&isRead=false");
      expect((unread.json().data as Row[]).every((r) => !r.isRead)).toBe(true);
    });
  });

  describe("read, read-all, delete", () => {
    it("marks one read and lowers the unread count", async () => {
      const headers = await t.as("finance");
      const before = (
        await t.app.inject({ url: "/api/notifications/unread-count", headers })
      ).json().data.count;
      const [first] = (await list("finance")).json().data as Row[];
      const res = await t.app.inject({
        method: "POST",
        url: `/api/notifications/${first.id}/read`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.unread).toBe(before - 1);
    });

    it("answers 404 for someone else's notification and changes nothing", async () => {
      const [mine] = (await list("partner")).json().data as Row[];
      const res = await t.app.inject({
        method: "POST",
        url: `/api/notifications/${mine.id}/read`,
        headers: await t.as("lawyer", { lang: "en" }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: "Not found", data: null });
      const [again] = (await list("partner")).json().data as Row[];
      expect(again.isRead).toBe(false);
      const del = await t.app.inject({
        method: "DELETE",
        url: `/api/notifications/${mine.id}`,
        headers: await t.as("lawyer"),
      });
      expect(del.statusCode).toBe(404);
    });

    it("marks all read and deletes with an audit row", async () => {
      const headers = await t.as("admin");
      expect(
        (await t.app.inject({ method: "POST", url: "/api/notifications/read-all", headers })).json()
          .data.unread,
      ).toBe(0);
      const [row] = (await list("admin")).json().data as Row[];
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/notifications/${row.id}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const audit = await t.app.inject({
        url: `/api/audit-logs?entity=notifications&entityId=${row.id}`,
        headers,
      });
      expect(audit.json().data[0]).toMatchObject({ action: "delete", entity: "notifications" });
    });
  });

  describe("POST /api/notifications/announcements", () => {
    it("sends an announcement to every enabled member of the firm, not the other firm", async () => {
      const [{ n: before }] = await t.database.db.select({ n: count() }).from(notifications);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/notifications/announcements",
        headers: await t.as("admin"),
        payload: { title: "年会通知", body: "周五下午三点开会" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.recipients).toBe(6);
      const [{ n: after }] = await t.database.db.select({ n: count() }).from(notifications);
      expect(after - before).toBe(6);
      const lawyer2 = (await list("lawyer2")).json().data as Row[];
      expect(lawyer2.some((r) => r.title === "年会通知")).toBe(false);
    });

    it("is forbidden to members without the right", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/notifications/announcements",
        headers: await t.as("lawyer"),
        payload: { title: "x", body: "y" },
      });
      expect(res.statusCode).toBe(403);
    });

    it("rejects recipients from another firm and writes nothing", async () => {
      const [lawyer2] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.username, "lawyer2"));
      const [{ n: before }] = await t.database.db.select({ n: count() }).from(notifications);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/notifications/announcements",
        headers: await t.as("admin", { lang: "en" }),
        payload: { title: "x", body: "y", userIds: [lawyer2.id] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.fields).toEqual([{ field: "userIds", message: "unknown member" }]);
      const [{ n: after }] = await t.database.db.select({ n: count() }).from(notifications);
      expect(after).toBe(before);
    });
  });

  describe("GET /api/notifications/stream", () => {
    it("pushes a notification created on the server to the recipient live", async () => {
      const token = await t.login("lawyer");
      const [lawyer] = await t.database.db.select().from(users).where(eq(users.username, "lawyer"));
      const [ws] = (
        await t.app.inject({
          url: "/api/user-service/user/get-login-user-info",
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.workspaces;
      const reading = readEvents(`${base}/api/notifications/stream`, token, (events) =>
        events.some((e) => e.event === "notification"),
      );
      await new Promise((r) => setTimeout(r, 500));
      await t.database.db.transaction((tx) =>
        createNotifications(
          tx,
          { workspaceId: ws.id, userId: null },
          { userIds: [lawyer.id], type: "system", title: "live!" },
        ),
      );
      const { status, type, events } = await reading;
      expect(status).toBe(200);
      expect(type).toContain("text/event-stream");
      expect(events[0].event).toBe("ready");
      const pushed = events.find((e) => e.event === "notification")?.data as {
        notification: Row;
        unread: number;
      };
      expect(pushed.notification.title).toBe("live!");
      expect(pushed.unread).toBeGreaterThan(0);
    });

    it("does not deliver a notification whose transaction rolled back", async () => {
      const [lawyer] = await t.database.db.select().from(users).where(eq(users.username, "lawyer"));
      const heard: unknown[] = [];
      const stop = await t.app.bus.subscribe("notifications", (m) => heard.push(m));
      const [ws] = (
        await t.app.inject({
          url: "/api/user-service/user/get-login-user-info",
          headers: await t.as("lawyer"),
        })
      ).json().data.workspaces;
      await expect(
        t.database.db.transaction(async (tx) => {
          await createNotifications(
            tx,
            { workspaceId: ws.id, userId: null },
            { userIds: [lawyer.id], type: "system", title: "ghost" },
          );
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await new Promise((r) => setTimeout(r, 500));
      stop();
      expect(heard).toEqual([]);
    });

    it("ends the stream when the sign-in is revoked", async () => {
      const token = await t.login("assistant");
      const reading = readEvents(`${base}/api/notifications/stream`, token, (events) =>
        events.some((e) => e.event === "reauth"),
      );
      await new Promise((r) => setTimeout(r, 500));
      await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { authorization: `Bearer ${token}` },
      });
      const { events } = await reading;
      expect(events.map((e) => e.event)).toEqual(["ready", "reauth"]);
    });

    it("tells open browsers to reload their rules when a role of the firm changes", async () => {
      const token = await t.login("assistant");
      const reading = readEvents(`${base}/api/notifications/stream`, token, (events) =>
        events.some((e) => e.event === "reauth"),
      );
      await new Promise((r) => setTimeout(r, 500));
      const admin = await t.as("admin");
      const roles = (await t.app.inject({ url: "/api/roles", headers: admin })).json().data as {
        id: string;
        code: string;
        rules: unknown[];
        version: number;
      }[];
      const role = roles.find((r) => r.code === "assistant")!;
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/roles/${role.id}/rules`,
        headers: admin,
        payload: { rules: role.rules, version: role.version },
      });
      expect(res.statusCode).toBe(200);
      const { events } = await reading;
      expect(events.map((e) => e.event)).toEqual(["ready", "reauth"]);
    });

    it("refuses a stream without a token", async () => {
      const res = await fetch(`${base}/api/notifications/stream`);
      expect(res.status).toBe(401);
    });
  });
});
