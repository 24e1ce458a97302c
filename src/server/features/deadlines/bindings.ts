import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { calendarEvents, deadlineRules, holidayDays, keyDates, tasks, taskTemplates } from "../../db/tables";
import type { RowOwner } from "../../lib/row-owners";
import type { ResourceBinding } from "../../schema-engine";
import { checkTemplateItems } from "../tasks";
import { loadDeadlineTypes } from "./data";
import { recomputeForHolidays } from "./recompute";
import { failValidation, fieldError } from "../../schema-engine/checks";

/** The schema-driven settings of deadlines: holiday calendar, deadline rules, task templates. */
export const deadlineBindings: Record<string, ResourceBinding> = {
  "holiday-days": {
    table: holidayDays,
    // A holiday added, moved or removed can move open computed deadlines (a year's calendar
    // added at last clears their flag): recomputed in the same transaction as the save.
    afterWrite: (ctx, after, before) => recomputeForHolidays(ctx, [after?.day, before?.day].filter((d): d is string => typeof d === "string")),
    afterImport: (ctx, created) => recomputeForHolidays(ctx, created.map((r) => String(r.day))),
  },
  "deadline-rules": {
    table: deadlineRules,
    // A rule must produce a key-date type the firm has, or its deadlines could not be entered.
    beforeInsert: async (ctx, values) => {
      if (!(await loadDeadlineTypes(ctx)).has(String(values.deadlineType))) failValidation([fieldError("deadlineType", "deadlines.errors.unknownType", ctx.lang)]);
      return {};
    },
    beforeUpdate: async (ctx, _before, values) => {
      if (!(await loadDeadlineTypes(ctx)).has(String(values.deadlineType))) failValidation([fieldError("deadlineType", "deadlines.errors.unknownType", ctx.lang)]);
      return {};
    },
  },
  "task-templates": {
    table: taskTemplates,
    beforeInsert: async (ctx, values) => {
      await checkTemplateItems(ctx, values.items);
      return {};
    },
    beforeUpdate: async (ctx, _before, values) => {
      await checkTemplateItems(ctx, values.items);
      return {};
    },
  },
};

/**
 * Whose a key date, task or event is for "only own" / "only my department" rules: the people of
 * its case (team and creator), and its responsible lawyer, assignee or owner.
 */
const caseOwners = (workspaceId: PgColumn, caseId: PgColumn): SQL =>
  sql`select cm.user_id from case_members cm where cm.workspace_id = ${workspaceId} and cm.case_id = ${caseId}
    union all select oc.created_by from cases oc where oc.workspace_id = ${workspaceId} and oc.id = ${caseId}`;
export const deadlineRowOwners: Record<string, RowOwner> = {
  [getTableName(keyDates)]: { many: sql`${caseOwners(keyDates.workspaceId, keyDates.caseId)} union all select ${keyDates.responsibleId}` },
  [getTableName(tasks)]: { many: sql`${caseOwners(tasks.workspaceId, tasks.caseId)} union all select ${tasks.assigneeId}` },
  [getTableName(calendarEvents)]: { many: sql`${caseOwners(calendarEvents.workspaceId, calendarEvents.caseId)} union all select ${calendarEvents.ownerId}` },
};
