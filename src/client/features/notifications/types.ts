import { paramsIn } from "../../../shared/seed-texts";
import { i18n } from "../../providers/i18n";

export type NotificationRow = {
  id: string;
  type: string;
  titleKey: string | null;
  title: string | null;
  body: string | null;
  params: Record<string, unknown> | null;
  link: string | null;
  entity: string | null;
  entityId: string | null;
  actorId: string | null;
  actorName: string | null;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
};

export const NOTIFICATIONS_API = "/api/notifications";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Server rows carry either a message key with params or a literal title (announcements); a
 * param given per language (`firm@en`) is read in the UI's language.
 */
export const notificationTitle = (row: NotificationRow, t: Translate, lang = i18n.language) =>
  row.titleKey ? t(row.titleKey, paramsIn(row.params ?? {}, lang)) : (row.title ?? "");
