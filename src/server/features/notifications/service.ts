import { count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { members, notifications, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { notifySql } from "../../lib/bus";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import type { WriteBatch } from "../../lib/write-batch";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

export const NOTIFICATION_CHANNEL = "notifications";

export type NewNotification = {
  userIds: string[];
  type: string;
  titleKey?: string;
  title?: string;
  body?: string;
  params?: Record<string, string | number>;
  link?: string;
  entity?: string;
  entityId?: string;
};

type Sender = { workspaceId: string; userId: string | null };

const rowsOf = (sender: Sender, userIds: string[], input: NewNotification) =>
  userIds.map((userId) => ({
    workspaceId: sender.workspaceId,
    userId,
    type: input.type,
    titleKey: input.titleKey ?? "",
    title: input.title ?? "",
    body: input.body ?? "",
    params: input.params ?? {},
    link: input.link ?? "",
    entity: input.entity ?? "",
    entityId: input.entityId ?? "",
    actorId: sender.userId,
  }));

/** What an insert hands to its live events (`ins`). */
const INSERTED = {
  id: notifications.id,
  userId: notifications.userId,
  workspaceId: notifications.workspaceId,
};
/** The live event of each inserted row (`ins`: the inserted rows' id, user_id and workspace_id). */
const liveEvents = notifySql(
  NOTIFICATION_CHANNEL,
  sql`json_build_object('workspaceId', ins.workspace_id::text, 'userId', ins.user_id, 'id', ins.id)`,
);

/**
 * The one way features notify people. Call it inside the transaction of the change it reports:
 * the rows and the live event exist only if that transaction commits.
 */
export const createNotifications = async (tx: Db, sender: Sender, input: NewNotification) => {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return [];
  const insert = tx
    .insert(notifications)
    .values(rowsOf(sender, userIds, input))
    .returning(INSERTED);
  // The rows and their live events in one statement: a busy approval flow notifies on every step.
  // (drizzle puts an embedded query in parentheses, which is what a CTE body needs.)
  const result = await tx.execute(
    sql`with ins as ${insert} select ins.id, ins.user_id as "userId", ${liveEvents} from ins`,
  );
  return (result as unknown as { rows: { id: string; userId: string }[] }).rows.map(
    ({ id, userId }) => ({ id, userId }),
  );
};

/** The same as parts of a change's write batch (an approval step): rows and live events ride its one statement. */
export const addNotifications = (batch: WriteBatch, sender: Sender, input: NewNotification) =>
  addNotificationsOf(batch, sender.userId, [{ ...input, workspaceId: sender.workspaceId }]);

/**
 * Many notifications, each with its own text and firm, as ONE insert and one live-event part of a
 * batch: a job that reports hundreds of things at once (deadline reminders) would otherwise make a
 * statement of hundreds of parts, which PostgreSQL (and far more PGlite) is slow to plan.
 */
export const addNotificationsOf = (
  batch: WriteBatch,
  actorId: string | null,
  items: (NewNotification & { workspaceId: string })[],
) => {
  const rows = items.flatMap((item) =>
    rowsOf({ workspaceId: item.workspaceId, userId: actorId }, [...new Set(item.userIds)], item),
  );
  if (rows.length === 0) return;
  const inserted = batch.add(batch.db.insert(notifications).values(rows).returning(INSERTED));
  batch.effect(sql`select ${liveEvents} from ${inserted} ins`);
};

const mine = (ctx: RequestCtx, ...more: (SQL | undefined)[]) =>
  inWorkspace(ctx, notifications, eq(notifications.userId, ctx.userId), ...more);

const columns = {
  id: notifications.id,
  type: notifications.type,
  titleKey: notifications.titleKey,
  title: notifications.title,
  body: notifications.body,
  params: notifications.params,
  link: notifications.link,
  entity: notifications.entity,
  entityId: notifications.entityId,
  actorId: notifications.actorId,
  actorName: users.name,
  isRead: notifications.isRead,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** What the notification list sorts by (the route's `_sort` accepts exactly these keys). */
export const NOTIFICATION_SORT = { createdAt: notifications.createdAt };

export const findNotifications = async (ctx: RequestCtx, q: ListQuery) => {
  const filters: (SQL | undefined)[] = [];
  if (q.isRead === "true" || q.isRead === "false")
    filters.push(eq(notifications.isRead, q.isRead === "true"));
  if (typeof q.type === "string" && q.type) filters.push(eq(notifications.type, q.type));
  const where = mine(ctx, ...filters);
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, NOTIFICATION_SORT, desc(notifications.createdAt));
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select(columns)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(notifications).where(where),
    { offset, limit },
  );
  return { rows, total };
};

export const getNotification = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select(columns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(mine(ctx, eq(notifications.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const countUnread = async (ctx: Pick<RequestCtx, "db" | "workspaceId" | "userId">) => {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(
      inWorkspace(
        ctx,
        notifications,
        eq(notifications.userId, ctx.userId),
        eq(notifications.isRead, false),
      ),
    );
  return n;
};

export const markRead = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(mine(ctx, eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError(404, "errors.notFound");
  return { id: row.id, unread: await countUnread(ctx) };
};

export const markAllRead = async (ctx: RequestCtx) => {
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(mine(ctx, eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length, unread: 0 };
};

export const deleteNotification = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(mine(ctx, eq(notifications.id, id)))
      .returning();
    if (!row) throw new AppError(404, "errors.notFound");
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "notifications",
      entityId: id,
      before: row,
    });
    return { id, unread: await countUnread({ ...ctx, db: tx }) };
  });

export type Announcement = { title: string; body: string; userIds?: string[] };

/** An admin's message to the whole firm, or to the members picked. */
export const sendAnnouncement = (ctx: RequestCtx, input: Announcement) =>
  ctx.db.transaction(async (tx) => {
    const enabled = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(
        inWorkspace(
          ctx,
          members,
          eq(members.isEnabled, true),
          input.userIds?.length ? inArray(members.userId, input.userIds) : undefined,
        ),
      );
    if (input.userIds?.length && enabled.length !== new Set(input.userIds).size) {
      throw new AppError(422, "errors.validation", {
        fields: [{ field: "userIds", message: "validation.unknownMember" }],
      });
    }
    const rows = await createNotifications(tx, ctx, {
      userIds: enabled.map((m) => m.userId),
      type: "announcement",
      title: input.title,
      body: input.body,
    });
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "announcements",
      entityId: rows[0]?.id ?? "none",
      after: { title: input.title, body: input.body, recipients: rows.length },
    });
    return { recipients: rows.length };
  });
