import type { FastifyInstance } from "fastify";

import { type ListQuery, listQuery } from "../../lib/list-query";
import { idParams } from "../../lib/route-schemas";
import {
  NOTIFICATION_SORT,
  type Announcement,
  countUnread,
  deleteNotification,
  findNotifications,
  markAllRead,
  markRead,
  sendAnnouncement,
} from "./service";
import { openNotificationStream } from "./stream";


const announcementBody = {
  type: "object",
  required: ["title", "body"],
  additionalProperties: false,
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    body: { type: "string", maxLength: 5000 },
    userIds: { type: "array", maxItems: 5000, items: { type: "string", format: "uuid" } },
  },
} as const;

export async function notificationsRoutes(app: FastifyInstance) {
  const member = { permission: "member" as const };
  const own = { permission: "member" as const, tenantTable: "notifications" };

  app.get<{ Querystring: ListQuery }>(
    "/",
    { schema: { querystring: listQuery(Object.keys(NOTIFICATION_SORT), { isRead: { type: "string", enum: ["true", "false"] }, type: { type: "string", maxLength: 64 } }) }, config: member },
    async (req, reply) => {
      const { rows, total } = await findNotifications(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.get("/unread-count", { config: member }, async (req) => ({ count: await countUnread(req.ctx) }));
  app.get("/stream", { config: { ...member, isStream: true } }, (req, reply) => openNotificationStream(req, reply, app.bus));
  app.post("/read-all", { config: member }, (req) => markAllRead(req.ctx));
  app.post<{ Params: { id: string } }>("/:id/read", { schema: { params: idParams }, config: own }, (req) =>
    markRead(req.ctx, req.params.id),
  );
  app.delete<{ Params: { id: string } }>("/:id", { schema: { params: idParams }, config: own }, (req) =>
    deleteNotification(req.ctx, req.params.id),
  );
  app.post<{ Body: Announcement }>(
    "/announcements",
    { schema: { body: announcementBody }, config: { permission: ["create", "ANNOUNCEMENT"] } },
    (req) => sendAnnouncement(req.ctx, req.body),
  );
}
