import { and, asc, count, eq, lte, ne, or, type SQL } from "drizzle-orm";

import type {
  Task,
  TaskInput,
  TaskPatch,
  TaskRecord,
  TaskStatus,
} from "../../../shared/contracts/tasks";
import { AppError } from "../../../shared/errors";
import { isCalendarDate } from "../../../shared/deadline-compute";
import { cases, leads, members, tasks } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { pageOf, type ListQuery, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { leadReadable, mineOrCaseReadable } from "./visibility";

type Row = typeof tasks.$inferSelect;

/** Tasks the caller may see: assigned to or made by them, or on a case or lead they may read. */
export const visibleTasks = (ctx: RequestCtx) =>
  or(
    mineOrCaseReadable(ctx, [tasks.assigneeId, tasks.createdBy], tasks.workspaceId, tasks.caseId),
    leadReadable(ctx, tasks.workspaceId, tasks.leadId),
  ) as SQL;

/** A task may be put on a case only by someone who may change that case. */
export const assertCaseWritable = async (ctx: RequestCtx, caseId: string) => {
  if (!ctx.ability.can("update", "LAWFIRM_CASE_VIEW")) throw new AppError(404, "errors.notFound");
  const scope = rowScopeOf(ctx, "update", "LAWFIRM_CASE_VIEW", "cases");
  const [row] = await ctx.db
    .select({ id: cases.id })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId), scope));
  if (!row) throw new AppError(404, "errors.notFound");
};

/** A follow-up may be put on a lead only by someone who may change that lead. */
export const assertLeadWritable = async (ctx: RequestCtx, leadId: string) => {
  if (!ctx.ability.can("update", "LAWFIRM_LEAD_VIEW")) throw new AppError(404, "errors.notFound");
  const scope = rowScopeOf(ctx, "update", "LAWFIRM_LEAD_VIEW", "leads");
  const [row] = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .where(inWorkspace(ctx, leads, eq(leads.id, leadId), scope));
  if (!row) throw new AppError(404, "errors.notFound");
};

const assertMember = async (ctx: RequestCtx, userId: string) => {
  const [m] = await ctx.db
    .select({ id: members.userId })
    .from(members)
    .where(inWorkspace(ctx, members, eq(members.userId, userId), eq(members.isEnabled, true)));
  // Another firm's member is as unknown as no one: 404, like every id aimed outside the firm.
  if (!m) throw new AppError(404, "deadlines.errors.unknownMember");
};

const checkDate = (ctx: RequestCtx, value: string | null | undefined) => {
  if (value != null && !isCalendarDate(value))
    failValidation([fieldError("dueDate", "deadlines.errors.badDate", ctx.lang)]);
};

export const findTasks = async (
  ctx: RequestCtx,
  q: ListQuery,
): Promise<{ rows: Answer<Task>[]; total: number }> => {
  const filters: (SQL | undefined)[] = [visibleTasks(ctx)];
  if (q.mine === "true") filters.push(eq(tasks.assigneeId, ctx.userId));
  if (typeof q.assigneeId === "string") filters.push(eq(tasks.assigneeId, q.assigneeId));
  if (typeof q.caseId === "string") filters.push(eq(tasks.caseId, q.caseId));
  if (typeof q.leadId === "string") filters.push(eq(tasks.leadId, q.leadId));
  // Any text filters: one that is no status matches nothing.
  if (typeof q.status === "string") filters.push(eq(tasks.status, q.status as TaskStatus));
  if (q.open === "true") filters.push(ne(tasks.status, "done"));
  if (typeof q.dueBefore === "string" && isCalendarDate(q.dueBefore))
    filters.push(lte(tasks.dueDate, q.dueBefore));
  const where = inWorkspace(ctx, tasks, ...filters);
  const { offset, limit } = pageOf(q);
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select({ task: tasks, caseName: cases.name, leadNo: leads.leadNo })
      .from(tasks)
      .leftJoin(cases, and(eq(cases.workspaceId, tasks.workspaceId), eq(cases.id, tasks.caseId)))
      .leftJoin(leads, and(eq(leads.workspaceId, tasks.workspaceId), eq(leads.id, tasks.leadId)))
      .where(where)
      .orderBy(asc(tasks.dueDate), asc(tasks.id))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(tasks).where(where),
    { offset, limit },
  );
  return {
    rows: rows.map((r) => ({ ...r.task, caseName: r.caseName, leadNo: r.leadNo })),
    total,
  };
};

export const getTask = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(inWorkspace(ctx, tasks, eq(tasks.id, id), visibleTasks(ctx)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const createTask = (ctx: RequestCtx, input: TaskInput): Promise<Answer<TaskRecord>> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    if (input.caseId) await assertCaseWritable(tctx, input.caseId);
    if (input.leadId) await assertLeadWritable(tctx, input.leadId);
    const assigneeId = input.assigneeId ?? ctx.userId;
    await assertMember(tctx, assigneeId);
    checkDate(ctx, input.dueDate);
    const [row] = await tx
      .insert(tasks)
      .values({
        workspaceId: ctx.workspaceId,
        caseId: input.caseId ?? null,
        leadId: input.leadId ?? null,
        title: input.title.trim(),
        assigneeId,
        dueDate: input.dueDate ?? null,
        priority: input.priority ?? "normal",
        status: input.status ?? "todo",
        checklist: input.checklist ?? [],
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, { action: "create", entity: "tasks", entityId: row.id, after: row });
    return row;
  });

/** Changes a task (version-checked: two people ticking one checklist must not overwrite each other). */
export const updateTask = (
  ctx: RequestCtx,
  id: string,
  input: TaskPatch,
): Promise<Answer<TaskRecord>> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const before = await getTask(tctx, id);
    if (before.version !== input.version) throw new AppError(409, "errors.staleVersion");
    if (input.assigneeId) await assertMember(tctx, input.assigneeId);
    if (input.caseId && input.caseId !== before.caseId)
      await assertCaseWritable(tctx, input.caseId);
    if (input.leadId && input.leadId !== before.leadId)
      await assertLeadWritable(tctx, input.leadId);
    checkDate(ctx, input.dueDate);
    const { version: _v, ...set } = input;
    const [after] = await tx
      .update(tasks)
      .set({
        ...set,
        title: set.title?.trim() ?? before.title,
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, tasks, eq(tasks.id, id), eq(tasks.version, before.version)))
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, { action: "update", entity: "tasks", entityId: id, before, after });
    return after;
  });

export const commentTask = (ctx: RequestCtx, id: string, text: string) =>
  ctx.db.transaction(async (tx) => {
    const before: Row = await getTask({ ...ctx, db: tx }, id);
    const comments = [
      ...before.comments,
      { userId: ctx.userId, text: text.trim(), at: new Date().toISOString() },
    ];
    const [after] = await tx
      .update(tasks)
      .set({ comments, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(inWorkspace(ctx, tasks, eq(tasks.id, id)))
      .returning();
    await writeAudit(tx, ctx, { action: "update", entity: "tasks", entityId: id, before, after });
    return after;
  });

export const deleteTask = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await getTask({ ...ctx, db: tx }, id);
    if (before.createdBy !== ctx.userId && before.assigneeId !== ctx.userId && before.caseId)
      await assertCaseWritable({ ...ctx, db: tx }, before.caseId);
    await tx.delete(tasks).where(inWorkspace(ctx, tasks, eq(tasks.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "tasks", entityId: id, before });
    return { id };
  });
