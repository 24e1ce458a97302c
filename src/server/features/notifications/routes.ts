import type { FastifyInstance } from "fastify";

import type { ListQuery } from "../../lib/list-query";
import { idParams } from "../../lib/route-schemas";
import { announcementBody, notificationListQuery } from "./schemas";
import {
  type Announcement,
  countUnread,
  deleteNotification,
  findNotifications,
  markAllRead,
  markRead,
  sendAnnouncement,
} from "./service";
import { openNotificationStream } from "./stream";

export async function notificationsRoutes(app: FastifyInstance) {
  const member = { permission: "member" as const };
  const own = { permission: "member" as const, tenantTable: "notifications" };

  app.get<{ Querystring: ListQuery }>(
    "/",
    { schema: { querystring: notificationListQuery }, config: member },
    async (req, reply) => {
      const { rows, total } = await findNotifications(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.get("/unread-count", { config: member }, async (req) => ({
    count: await countUnread(req.ctx),
  }));
  app.get("/stream", { config: { ...member, isStream: true } }, (req, reply) =>
    openNotificationStream(req, reply, app.bus),
  );
  app.post("/read-all", { config: member }, (req) => markAllRead(req.ctx));
  app.post<{ Params: { id: string } }>(
    "/:id/read",
    { schema: { params: idParams }, config: own },
    (req) => markRead(req.ctx, req.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    "/:id",
    { schema: { params: idParams }, config: own },
    (req) => deleteNotification(req.ctx, req.params.id),
  );
  app.post<{ Body: Announcement }>(
    "/announcements",
    { schema: { body: announcementBody }, config: { permission: ["create", "ANNOUNCEMENT"] } },
    (req) => sendAnnouncement(req.ctx, req.body),
  );
}
