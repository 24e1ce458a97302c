import { eq, inArray } from "drizzle-orm";

import type { TaskDetail, TaskRecord } from "../../../shared/contracts/tasks";
import { cases, leads, members, users } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * A task as its detail screen shows it: each comment with its author's name and the case's
 * name. Comments store only the author's user id (names change); the name is looked up among
 * this firm's members, so a comment by someone no longer in the firm has `authorName: null`.
 */
export const taskDetail = async (
  ctx: RequestCtx,
  row: Answer<TaskRecord>,
): Promise<Answer<TaskDetail>> => {
  const authorIds = [...new Set(row.comments.map((c) => c.userId))];
  const [names, kase, lead] = await Promise.all([
    authorIds.length
      ? ctx.db
          .select({ userId: members.userId, name: users.name })
          .from(members)
          .innerJoin(users, eq(users.id, members.userId))
          .where(inWorkspace(ctx, members, inArray(members.userId, authorIds)))
      : Promise.resolve([]),
    row.caseId
      ? ctx.db
          .select({ name: cases.name })
          .from(cases)
          .where(inWorkspace(ctx, cases, eq(cases.id, row.caseId)))
      : Promise.resolve([]),
    row.leadId
      ? ctx.db
          .select({ leadNo: leads.leadNo })
          .from(leads)
          .where(inWorkspace(ctx, leads, eq(leads.id, row.leadId)))
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(names.map((n) => [n.userId, n.name]));
  return {
    ...row,
    caseName: kase[0]?.name ?? null,
    leadNo: lead[0]?.leadNo ?? null,
    comments: row.comments.map((c) => ({ ...c, authorName: nameOf.get(c.userId) ?? null })),
  };
};
