import { count, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import {
  workflowDefinitions,
  workflowDefinitionVersions,
  workflowInstances,
} from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { ARCHIVED, assertKindFree, getDefinitionRow } from "./definitions-service";

/** Disabling stops new starts only; running instances go on with their versions. */
export const setEnabled = (
  ctx: RequestCtx,
  id: string,
  input: { enabled: boolean; version: number },
) =>
  ctx.db.transaction(async (tx) => {
    const before = await getDefinitionRow({ ...ctx, db: tx }, id);
    if (input.enabled && before.isArchived) throw ARCHIVED();
    if (input.enabled && !before.currentVersionId)
      throw new AppError(422, "errors.workflow.definition.unpublished");
    if (input.enabled) await assertKindFree({ ...ctx, db: tx }, before.kind, id);
    const [after] = await tx
      .update(workflowDefinitions)
      .set({
        isEnabled: input.enabled,
        version: before.version + 1,
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      })
      .where(
        inWorkspace(
          ctx,
          workflowDefinitions,
          eq(workflowDefinitions.id, id),
          eq(workflowDefinitions.version, input.version),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workflow_definitions",
      entityId: id,
      before,
      after,
    });
    return after;
  });

/**
 * Archiving takes a definition out of use: it is disabled, hidden from the start page and
 * refused on submit, while its running instances go on with their versions. Unarchiving brings
 * it back disabled; enabling it again checks the business kind is still free.
 */
export const setArchived = (
  ctx: RequestCtx,
  id: string,
  input: { archived: boolean; version: number },
) =>
  ctx.db.transaction(async (tx) => {
    const before = await getDefinitionRow({ ...ctx, db: tx }, id);
    const [after] = await tx
      .update(workflowDefinitions)
      .set({
        isArchived: input.archived,
        isEnabled: input.archived ? false : before.isEnabled,
        version: before.version + 1,
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      })
      .where(
        inWorkspace(
          ctx,
          workflowDefinitions,
          eq(workflowDefinitions.id, id),
          eq(workflowDefinitions.version, input.version),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workflow_definitions",
      entityId: id,
      before,
      after,
    });
    return after;
  });

/** Definitions with instances are archived (their history must stay readable); others are deleted. */
export const deleteDefinition = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await getDefinitionRow({ ...ctx, db: tx }, id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(workflowInstances)
      .where(inWorkspace(ctx, workflowInstances, eq(workflowInstances.definitionId, id)));
    if (n > 0) {
      await tx
        .update(workflowDefinitions)
        .set({
          isArchived: true,
          isEnabled: false,
          version: before.version + 1,
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        })
        .where(inWorkspace(ctx, workflowDefinitions, eq(workflowDefinitions.id, id)));
    } else {
      await tx
        .delete(workflowDefinitionVersions)
        .where(
          inWorkspace(
            ctx,
            workflowDefinitionVersions,
            eq(workflowDefinitionVersions.definitionId, id),
          ),
        );
      await tx
        .delete(workflowDefinitions)
        .where(inWorkspace(ctx, workflowDefinitions, eq(workflowDefinitions.id, id)));
    }
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "workflow_definitions",
      entityId: id,
      before,
    });
    return { id, isArchived: n > 0 };
  });
