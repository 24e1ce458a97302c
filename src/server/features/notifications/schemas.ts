/** JSON schemas of the notification routes (Fastify's ajv checks requests before any handler runs). */
import { listQuery } from "../../lib/list-query";
import { NOTIFICATION_SORT } from "./service";

export const notificationListQuery = listQuery(Object.keys(NOTIFICATION_SORT), {
  isRead: { type: "string", enum: ["true", "false"] },
  type: { type: "string", maxLength: 64 },
});

export const announcementBody = {
  type: "object",
  required: ["title", "body"],
  additionalProperties: false,
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    body: { type: "string", maxLength: 5000 },
    userIds: { type: "array", maxItems: 5000, items: { type: "string", format: "uuid" } },
  },
} as const;
