import type { Db } from "../client";
import { notifications } from "../tables";

/** A welcome note in every member's bell, so the demo shows what notifications look like. */
export const seedNotifications = async (tx: Db, workspaceId: string, firmName: string, userIds: string[]) => {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      workspaceId,
      userId,
      type: "system",
      titleKey: "notifications.messages.welcomeTitle",
      params: { firm: firmName },
      link: "/settings/profile",
    })),
  );
};
