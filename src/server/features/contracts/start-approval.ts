import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { WorkflowKind } from "../../../shared/workflow";
import { workflowTasks } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { enabledDefinitionOfKind, getDefinitionRow, getVersion } from "../workflow";
import { submitInstance } from "../workflow";
import type { TitleParts } from "../workflow";

export type ApprovalStart = { definitionId?: string; deptId?: string; comment?: string };

/** A named flow is looked up first: another firm's id answers 404 before the values are looked at. */
export const assertNamedFlow = async (ctx: RequestCtx, input: ApprovalStart) => {
  if (input.definitionId) await getDefinitionRow(ctx, input.definitionId);
};

/**
 * Starts the firm's approval of a business kind (the one enabled, or the named one if it is of
 * that kind). The form carries only the keys the flow's form declares, so a firm that trimmed its
 * form in the designer still starts (its handler step then just has nothing to pre-fill).
 */
export const startApproval = async (
  ctx: RequestCtx,
  kind: WorkflowKind,
  input: ApprovalStart & {
    title: string;
    titleI18n?: TitleParts;
    businessRef: string;
    form: Record<string, unknown>;
  },
) => {
  const def = input.definitionId
    ? await getDefinitionRow(ctx, input.definitionId)
    : await enabledDefinitionOfKind(ctx, kind);
  if (def.kind !== kind) throw new AppError(422, "contracts.errors.wrongFlow");
  const version = await getVersion(ctx, def.currentVersionId as string);
  const declared = (version.flow.form as { properties?: Record<string, unknown> }).properties ?? {};
  const form: Record<string, unknown> = { title: input.title };
  for (const [key, value] of Object.entries(input.form))
    if (key in declared && value !== undefined && value !== null) form[key] = value;
  if (!("title" in declared)) delete form.title;
  const answer = await submitInstance(
    ctx,
    {
      definitionId: def.id,
      form,
      title: input.title,
      titleI18n: input.titleI18n,
      businessRef: input.businessRef,
      deptId: input.deptId,
      comment: input.comment,
    },
    randomUUID,
  );
  return String((answer as { id: unknown }).id);
};

/** Who did the stamping (the handler step's accepter) and who approved last, for the seal log. */
export const stampersOf = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  instanceId: string,
) => {
  const rows = await ctx.db
    .select({
      kind: workflowTasks.kind,
      assigneeId: workflowTasks.assigneeId,
      closedAt: workflowTasks.closedAt,
      seq: workflowTasks.seq,
    })
    .from(workflowTasks)
    .where(
      and(
        inWorkspace(ctx, workflowTasks, eq(workflowTasks.instanceId, instanceId)),
        eq(workflowTasks.status, "accepted"),
      ),
    )
    .orderBy(workflowTasks.seq);
  const last = (kind: string) => rows.filter((r) => r.kind === kind).at(-1);
  const handler = last("handler");
  return {
    stampedBy: handler?.assigneeId ?? null,
    stampedAt: handler?.closedAt ?? null,
    approvedBy: last("approval")?.assigneeId ?? null,
  };
};
