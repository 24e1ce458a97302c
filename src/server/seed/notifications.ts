import type { Db } from "../db/client";
import { notifications } from "../db/tables";

/** A welcome note in every member's bell, so the demo shows what notifications look like. */
export const seedNotifications = async (
  tx: Db,
  workspaceId: string,
  firm: { name: string; nameEn: string },
  userIds: string[],
) => {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      workspaceId,
      userId,
      type: "system",
      titleKey: "notifications.messages.welcomeTitle",
      // The firm in both languages: each reader sees the one of the UI (shared/seed-texts paramsIn).
      params: { firm: firm.name, "firm@en": firm.nameEn },
      link: "/settings/profile",
    })),
  );
};
