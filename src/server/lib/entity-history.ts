import { desc, eq } from "drizzle-orm";

import { auditLogs } from "../db/tables";
import type { RequestCtx } from "./request-ctx";
import { inWorkspace } from "./tenant";

/**
 * A record's history for its detail page: every audited change of it, newest first. The caller's
 * route has already checked that the record is in the caller's firm and scope.
 */
export const entityHistory = (ctx: RequestCtx, entity: string, id: string) =>
  ctx.db
    .select({
      id: auditLogs.id,
      userId: auditLogs.userId,
      action: auditLogs.action,
      diff: auditLogs.diff,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(inWorkspace(ctx, auditLogs, eq(auditLogs.entity, entity), eq(auditLogs.entityId, id)))
    .orderBy(desc(auditLogs.id))
    .limit(200);
