import { and, eq } from "drizzle-orm";

import { type Definition, textOf } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { workflowDefinitions, workflowDefinitionVersions } from "../../db/tables";

/**
 * Publishes a flow a firm starts with as version 1, enabled — what the designer's publish would
 * leave. The demo seed and the features that provision their approval kind into existing firms
 * (invoices; closing, archiving and lending through provisionFirmFlows) all write flows this one way.
 */
export const publishInitialFlow = async (
  db: Db,
  workspaceId: string,
  def: Definition,
  by: string,
) => {
  const [row] = await db
    .insert(workflowDefinitions)
    .values({
      workspaceId,
      key: def.key,
      kind: def.kind,
      name: textOf(def.name, "zh-CN"),
      draft: def,
      isEnabled: true,
      currentVersionNo: 1,
      createdBy: by,
      updatedBy: by,
    })
    .returning();
  const [version] = await db
    .insert(workflowDefinitionVersions)
    .values({
      workspaceId,
      definitionId: row.id,
      number: 1,
      flow: def,
      publishedBy: by,
      createdBy: by,
      updatedBy: by,
    })
    .returning();
  await db
    .update(workflowDefinitions)
    .set({ currentVersionId: version.id })
    .where(
      and(eq(workflowDefinitions.workspaceId, workspaceId), eq(workflowDefinitions.id, row.id)),
    );
  return { definitionId: row.id, versionId: version.id };
};
