import { getTableName, sql } from "drizzle-orm";

import { tasks, taskTemplates } from "../../db/tables";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";
import type { ResourceBinding } from "../../schema-engine";
import { checkTemplateItems } from "./templates";

/** Task templates (Settings): a deadline item must name a key-date type the firm has. */
export const taskBindings: Record<string, ResourceBinding> = {
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

/** A task belongs to the people of its case (team and creator) and to its assignee. */
export const taskRowOwners: Record<string, RowOwner> = {
  [getTableName(tasks)]: {
    many: sql`${ownersOfCase(tasks.workspaceId, tasks.caseId)} union all select ${tasks.assigneeId}`,
  },
};
