import { and, desc, eq, inArray, or, sql } from "drizzle-orm";

import { auditLogs, tasks } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** How many entries a case's timeline shows, as for any record's history. */
const LIMIT = 200;

/**
 * A case's task events for its timeline, read from the tasks table like the timeline's other
 * sources (timeline-sources.ts): each task put on the case (created there or by a
 * template), done, and reopened. Found through the case's tasks, so the
 * audit index answers; a task since deleted leaves the timeline with it.
 */
export const caseTaskEvents = (ctx: RequestCtx, caseId: string) =>
  ctx.db
    .select({
      id: auditLogs.id,
      userId: auditLogs.userId,
      action: auditLogs.action,
      diff: auditLogs.diff,
      createdAt: auditLogs.createdAt,
      entity: auditLogs.entity,
      entityId: auditLogs.entityId,
      title: tasks.title,
      status: sql<string | null>`${auditLogs.after}->>'status'`,
    })
    .from(auditLogs)
    .innerJoin(
      tasks,
      and(
        eq(tasks.workspaceId, auditLogs.workspaceId),
        eq(sql`${tasks.id}::text`, auditLogs.entityId),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        auditLogs,
        eq(auditLogs.entity, "tasks"),
        inArray(
          auditLogs.entityId,
          ctx.db
            .select({ id: sql`${tasks.id}::text` })
            .from(tasks)
            .where(inWorkspace(ctx, tasks, eq(tasks.caseId, caseId))),
        ),
        // Done and reopened are the turns a case's story needs; "in progress" is the task's own.
        or(
          eq(auditLogs.action, "create"),
          sql`${auditLogs.diff} ? 'status' and 'done' in (${auditLogs.after}->>'status', ${auditLogs.before}->>'status')`,
        ),
      ),
    )
    .orderBy(desc(auditLogs.id))
    .limit(LIMIT);
