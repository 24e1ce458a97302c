import dayjs from "dayjs";
import { and, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { isCalendarDate } from "../../../shared/deadline-compute";
import { auditLogs, cases, tasks, taskTemplates } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { loadDeadlineTypes } from "../deadlines";
import { createKeyDate } from "../deadlines";

export type TemplateItem = {
  kind: "task" | "deadline";
  title: string;
  deadlineType?: string;
  offsetDays: number;
  priority?: "low" | "normal" | "high";
};

/** A template's deadline items must name a key-date type the firm has (checked on save and on apply). */
export const checkTemplateItems = async (ctx: RequestCtx, items: unknown) => {
  const types = await loadDeadlineTypes(ctx);
  const list = Array.isArray(items) ? (items as TemplateItem[]) : [];
  const bad = list.findIndex(
    (i) => i.kind === "deadline" && (!i.deadlineType || !types.has(i.deadlineType)),
  );
  if (bad >= 0)
    failValidation([
      fieldError(`items.${bad}.deadlineType`, "deadlines.errors.unknownType", ctx.lang),
    ]);
};

/**
 * The templates that fit a case's type and its current stage, each saying whether it was applied
 * on this case already: the case screen offers them until one is, so a case moved to a new stage
 * (or opened as the next stage) gets the new stage's offer whatever it already holds.
 */
export const templatesForCase = async (ctx: RequestCtx, caseId: string) => {
  const [kase] = await ctx.db
    .select({ caseType: cases.caseType, stage: cases.stage })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!kase) throw new AppError(404, "errors.notFound");
  const [templates, applied] = await Promise.all([
    ctx.db
      .select({
        id: taskTemplates.id,
        name: taskTemplates.name,
        stage: taskTemplates.stage,
        items: taskTemplates.items,
      })
      .from(taskTemplates)
      .where(
        inWorkspace(
          ctx,
          taskTemplates,
          eq(taskTemplates.caseType, kase.caseType),
          kase.stage ? eq(taskTemplates.stage, kase.stage) : undefined,
        ),
      ),
    // applyTemplate's audit entry on the case is the record of it (a template may hold only deadlines).
    ctx.db
      .select({ id: sql<string>`${auditLogs.after}->>'appliedTemplate'` })
      .from(auditLogs)
      .where(
        inWorkspace(
          ctx,
          auditLogs,
          eq(auditLogs.entity, "cases"),
          eq(auditLogs.entityId, caseId),
          sql`${auditLogs.after} ? 'appliedTemplate'`,
        ),
      ),
  ]);
  const appliedIds = new Set(applied.map((a) => a.id));
  return templates.map((tpl) => ({ ...tpl, isApplied: appliedIds.has(tpl.id) }));
};

/**
 * Creates a template's tasks (assigned to the case's lead lawyer) and key dates (entered by the
 * caller, so still unconfirmed) on a case, each dated `offsetDays` after the trigger. One
 * transaction: a bad item leaves nothing behind.
 */
export const applyTemplate = (
  ctx: RequestCtx,
  caseId: string,
  input: { templateId: string; triggerDate: string },
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    if (!isCalendarDate(input.triggerDate))
      failValidation([fieldError("triggerDate", "deadlines.errors.badDate", ctx.lang)]);
    const [kase] = await tx
      .select()
      .from(cases)
      .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
    if (!kase) throw new AppError(404, "errors.notFound");
    const [template] = await tx
      .select()
      .from(taskTemplates)
      .where(and(inWorkspace(ctx, taskTemplates, eq(taskTemplates.id, input.templateId))));
    if (!template)
      failValidation([fieldError("templateId", "deadlines.errors.unknownTemplate", ctx.lang)]);
    const items = template!.items as TemplateItem[];
    await checkTemplateItems(tctx, items);
    const dateOf = (offset: number) =>
      dayjs(input.triggerDate).add(offset, "day").format("YYYY-MM-DD");
    const created = { tasks: 0, keyDates: 0 };
    for (const item of items) {
      if (item.kind === "deadline") {
        await createKeyDate(tctx, caseId, {
          deadlineType: item.deadlineType!,
          title: item.title,
          source: "manual",
          dueDate: dateOf(item.offsetDays),
          triggerDate: input.triggerDate,
        });
        created.keyDates += 1;
        continue;
      }
      const [task] = await tx
        .insert(tasks)
        .values({
          workspaceId: ctx.workspaceId,
          caseId,
          title: item.title,
          assigneeId: kase.leadLawyerId ?? ctx.userId,
          dueDate: dateOf(item.offsetDays),
          priority: item.priority ?? "normal",
          templateId: template!.id,
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        })
        .returning();
      // Each task's own entry: the case's timeline shows it added, as one added by hand.
      await writeAudit(tx, ctx, {
        action: "create",
        entity: "tasks",
        entityId: task.id,
        after: task,
      });
      created.tasks += 1;
    }
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "cases",
      entityId: caseId,
      after: { appliedTemplate: template!.id, triggerDate: input.triggerDate, ...created },
    });
    return created;
  });
