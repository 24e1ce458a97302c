import type { FastifyReply, FastifyRequest } from "fastify";

import type { Bus } from "../../lib/bus";
import { AUTH_CHANNEL, type AuthChange } from "../../lib/session-store";
import { countUnread, getNotification, NOTIFICATION_CHANNEL } from "./service";

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events for the bell. Events reach every app process through LISTEN/NOTIFY, and
 * the stream ends when its sign-in is revoked so a signed-out browser stops receiving.
 */
export const openNotificationStream = async (
  req: FastifyRequest,
  reply: FastifyReply,
  bus: Bus,
) => {
  const ctx = req.ctx;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let stopNotifications = () => {};
  let stopAuth = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopNotifications();
    stopAuth();
    if (!res.writableEnded) res.end();
  };
  req.raw.on("close", close);
  stopNotifications = await bus.subscribe(NOTIFICATION_CHANNEL, (message) => {
    if (message.userId !== ctx.userId || message.workspaceId !== ctx.workspaceId) return;
    void (async () => {
      try {
        const notification = await getNotification(ctx, String(message.id));
        send("notification", { notification, unread: await countUnread(ctx) });
      } catch (err) {
        req.log.warn({ err }, "notification for the stream could not be loaded");
      }
    })();
  });
  stopAuth = await bus.subscribe(AUTH_CHANNEL, (message) => {
    const change = message as AuthChange;
    // A firm-wide change (a role's rules) also tells the browser to reload its rules and menu.
    const isFirmWide =
      !change.sessionId && !change.userId && change.workspaceId === ctx.workspaceId;
    if (change.sessionId === ctx.sessionId || change.userId === ctx.userId || isFirmWide) {
      send("reauth", {});
      close();
    }
  });
  // The browser went away while we subscribed: undo what close() could not yet.
  if (closed) {
    stopNotifications();
    stopAuth();
    return;
  }
  // Only now "ready": the first LISTEN of a process opens its connection, and a notification made
  // the moment the browser hears "ready" must not fall in between.
  const unread = await countUnread(ctx);
  if (closed) return;
  send("ready", { unread });
  heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
};
