import { and, eq, sql } from "drizzle-orm";

import type { Language } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import { reportSubscriptions } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { mailboxesOf, queueMessage, type OutboxDeps } from "../messages";
import { createNotifications } from "../notifications";
import type { SubscriptionRow } from "./service";

/** Where the subscriber manages their subscriptions (the reports page's tab). */
export const SUBSCRIPTIONS_PATH = "/reports?tab=subscriptions";

/**
 * Pauses a subscription whose report the subscriber may no longer view, and tells them in the app
 * and by e-mail: a report that silently stops arriving reads as "nothing happened". The version
 * moves, so a form opened before cannot resume it by accident; resuming checks the rights again.
 */
export const pauseWithNotice = async (
  tx: Db,
  deps: OutboxDeps,
  row: SubscriptionRow,
  at: { lang: Language; base: string; now: Date },
) => {
  await tx
    .update(reportSubscriptions)
    .set({
      isActive: false,
      version: sql`${reportSubscriptions.version} + 1`,
      updatedAt: at.now,
    })
    .where(
      and(eq(reportSubscriptions.workspaceId, row.workspaceId), eq(reportSubscriptions.id, row.id)),
    );
  const t = translatorFor(at.lang);
  const params = { report: t(`reports.titles.${row.reportKey}`) };
  await createNotifications(
    tx,
    { workspaceId: row.workspaceId, userId: null },
    {
      userIds: [row.userId],
      type: "reports",
      titleKey: "reportSubscriptions.notifications.paused",
      params,
      link: SUBSCRIPTIONS_PATH,
      entity: "report_subscriptions",
      entityId: row.id,
    },
  );
  const mailbox = (await mailboxesOf(tx, row.workspaceId, [row.userId])).get(row.userId);
  if (!mailbox) return;
  await queueMessage(tx, deps, {
    workspaceId: row.workspaceId,
    channel: "email",
    recipient: mailbox.email,
    subject: t("reportSubscriptions.notifications.paused", params),
    body: t("reportSubscriptions.email.pausedBody", {
      ...params,
      link: `${at.base}/manage${SUBSCRIPTIONS_PATH}`,
    }),
    kind: "reports.subscriptionPaused",
    entity: "report_subscriptions",
    entityId: row.id,
  });
};
