import { count, desc, eq, gte, lte, type SQL } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { auditLogs, users } from "../../db/tables";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

const dateParam = (value: unknown) => {
  if (value === undefined || value === "") return undefined;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new AppError(400, "errors.badRequest");
  return date;
};

/** What the audit log sorts by (the route's `_sort` accepts exactly these keys). */
export const AUDIT_SORT = { createdAt: auditLogs.createdAt, id: auditLogs.id };

export const findAuditLogs = async (ctx: RequestCtx, q: ListQuery) => {
  const filters: (SQL | undefined)[] = [];
  if (typeof q.entity === "string" && q.entity) filters.push(eq(auditLogs.entity, q.entity));
  if (typeof q.entityId === "string" && q.entityId)
    filters.push(eq(auditLogs.entityId, q.entityId));
  if (typeof q.action === "string" && q.action) filters.push(eq(auditLogs.action, q.action));
  if (typeof q.userId === "string" && q.userId) filters.push(eq(auditLogs.userId, q.userId));
  const from = dateParam(q.createdAt_gte);
  const to = dateParam(q.createdAt_lte);
  if (from) filters.push(gte(auditLogs.createdAt, from));
  if (to) filters.push(lte(auditLogs.createdAt, to));
  const where = inWorkspace(ctx, auditLogs, ...filters);
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, AUDIT_SORT, desc(auditLogs.id));

  const { rows, total } = await pageWithTotal(
    ctx.db
      .select({
        id: auditLogs.id,
        createdAt: auditLogs.createdAt,
        userId: auditLogs.userId,
        userName: users.name,
        action: auditLogs.action,
        entity: auditLogs.entity,
        entityId: auditLogs.entityId,
        before: auditLogs.before,
        after: auditLogs.after,
        diff: auditLogs.diff,
        ip: auditLogs.ip,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(auditLogs).where(where),
    { offset, limit },
  );
  return { rows, total };
};
