import { getTableName, sql } from "drizzle-orm";

import { deadlineRules, holidayDays, keyDates } from "../../db/tables";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";
import type { ResourceBinding } from "../../schema-engine";
import { loadDeadlineTypes } from "./data";
import { recomputeForHolidays } from "./recompute";
import { failValidation, fieldError } from "../../schema-engine/checks";

/** The schema-driven settings of deadlines: holiday calendar and deadline rules. */
export const deadlineBindings: Record<string, ResourceBinding> = {
  "holiday-days": {
    table: holidayDays,
    // A holiday added, moved or removed can move open computed deadlines (a year's calendar
    // added at last clears their flag): recomputed in the same transaction as the save.
    afterWrite: (ctx, after, before) =>
      recomputeForHolidays(
        ctx,
        [after?.day, before?.day].filter((d): d is string => typeof d === "string"),
      ),
    afterImport: (ctx, created) =>
      recomputeForHolidays(
        ctx,
        created.map((r) => String(r.day)),
      ),
  },
  "deadline-rules": {
    table: deadlineRules,
    // A rule must produce a key-date type the firm has, or its deadlines could not be entered.
    beforeInsert: async (ctx, values) => {
      if (!(await loadDeadlineTypes(ctx)).has(String(values.deadlineType)))
        failValidation([fieldError("deadlineType", "deadlines.errors.unknownType", ctx.lang)]);
      return {};
    },
    beforeUpdate: async (ctx, _before, values) => {
      if (!(await loadDeadlineTypes(ctx)).has(String(values.deadlineType)))
        failValidation([fieldError("deadlineType", "deadlines.errors.unknownType", ctx.lang)]);
      return {};
    },
  },
};

/**
 * Whose a key date is for "only own" / "only my department" rules: the people of its case (team
 * and creator), and its responsible lawyer.
 */
export const deadlineRowOwners: Record<string, RowOwner> = {
  [getTableName(keyDates)]: {
    many: sql`${ownersOfCase(keyDates.workspaceId, keyDates.caseId)} union all select ${keyDates.responsibleId}`,
  },
};
