import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { type Definition, type WorkflowKind } from "../../shared/workflow";
import { loadDirectory, publishInitialFlow } from "../features/workflow";
import { type Action, step } from "../features/workflow";
import { ccTargets, storedState, writeCc, writeEvents, writeTasks } from "../features/workflow";
import { writeBatch } from "../lib/write-batch";
import type { Db } from "../db/client";
import { workflowDefinitions, workflowDefinitionVersions, workflowInstances } from "../db/tables";
import { demoDefinitions } from "./workflow-definitions";

type Seeded = { definitionId: string; versionId: string; def: Definition };

const insertDefinition = async (
  tx: Db,
  workspaceId: string,
  def: Definition,
  by: string,
): Promise<Seeded> => ({ ...(await publishInitialFlow(tx, workspaceId, def, by)), def });

/** Runs a few real approvals through the engine so the approval centre is not empty. */
type TitleParts = { key: string; params: Record<string, string> };

const runDemo = async (
  tx: Db,
  workspaceId: string,
  flow: Seeded,
  initiator: string,
  form: Record<string, unknown>,
  accepters: string[],
  businessRef = "",
  titleI18n: TitleParts | null = null,
) => {
  const dir = await loadDirectory(tx, workspaceId);
  const ctx = { def: flow.def, dir, now: new Date(), newId: randomUUID };
  const deptId = dir.userDepts[initiator]?.[0] ?? null;
  const submitted = step(
    null,
    { type: "submit", form },
    { userId: initiator, isProcessAdmin: false },
    ctx,
    deptId,
  );
  if ("error" in submitted) throw new Error(`demo workflow: ${submitted.error.key}`);
  let state = submitted.state;
  const effects = [...submitted.effects];
  const [row] = await tx
    .insert(workflowInstances)
    .values({
      workspaceId,
      definitionId: flow.definitionId,
      versionId: flow.versionId,
      kind: flow.def.kind,
      title: String(form.title),
      titleI18n,
      status: state.status,
      initiatorId: initiator,
      initiatorDeptId: deptId,
      form: state.form,
      state: storedState(state),
      businessRef,
      createdBy: initiator,
      updatedBy: initiator,
    })
    .returning();
  for (const userId of accepters) {
    const task = state.tasks.find((t) => t.status === "pending" && t.assigneeId === userId);
    if (!task) break;
    const action: Action = { type: "accept", taskId: task.id, comment: "同意" };
    const next = step(state, action, { userId, isProcessAdmin: false }, ctx);
    if ("error" in next) throw new Error(`demo workflow: ${next.error.key}`);
    state = next.state;
    effects.push(...next.effects);
  }
  const batch = writeBatch(tx);
  writeTasks(
    batch,
    { workspaceId, instanceId: row.id, def: flow.def, actorId: initiator },
    [],
    state.tasks,
  );
  const eventSeq = await writeEvents(
    batch,
    workspaceId,
    row.id,
    effects.flatMap((e) => (e.type === "event" ? [e.event] : [])),
    new Date(),
    0,
  );
  writeCc(batch, { workspaceId, instanceId: row.id, actorId: initiator }, ccTargets(effects));
  batch.add(
    tx
      .update(workflowInstances)
      .set({
        status: state.status,
        form: state.form,
        state: storedState(state, eventSeq),
        finishedAt: state.status === "running" ? null : new Date(),
      })
      .where(and(eq(workflowInstances.workspaceId, workspaceId), eq(workflowInstances.id, row.id))),
  );
  await batch.run();
  return row.id;
};

/**
 * A demo approval of a business kind, left running at its first step, for a business record the
 * caller made (a pending seal request): the firm's seeded flow of that kind, its businessRef set.
 */
export const startDemoApproval = async (
  tx: Db,
  workspaceId: string,
  kind: WorkflowKind,
  initiator: string,
  form: Record<string, unknown>,
  businessRef: string,
  titleI18n: TitleParts | null = null,
) => {
  const [def] = await tx
    .select()
    .from(workflowDefinitions)
    .where(
      and(eq(workflowDefinitions.workspaceId, workspaceId), eq(workflowDefinitions.kind, kind)),
    )
    .limit(1);
  const [version] = await tx
    .select()
    .from(workflowDefinitionVersions)
    .where(
      and(
        eq(workflowDefinitionVersions.workspaceId, workspaceId),
        eq(workflowDefinitionVersions.id, def.currentVersionId as string),
      ),
    );
  return runDemo(
    tx,
    workspaceId,
    { definitionId: def.id, versionId: version.id, def: version.flow as Definition },
    initiator,
    form,
    [],
    businessRef,
    titleI18n,
  );
};

/** Published demo workflows for one firm; in the first firm also a few approvals in flight. */
export const seedWorkflow = async (
  tx: Db,
  workspaceId: string,
  id: (username: string) => string | undefined,
  isFirstFirm: boolean,
) => {
  const director = id("admin") ?? id("admin2") ?? "";
  const finance = id("finance") ?? director;
  const flows = [];
  for (const def of demoDefinitions({ director, finance }))
    flows.push(await insertDefinition(tx, workspaceId, def, director));
  const [leave, expense] = flows;
  if (!isFirstFirm) {
    const partner = id("partner");
    if (partner)
      await runDemo(
        tx,
        workspaceId,
        leave,
        partner,
        { title: "事假申请（1天）", leaveType: "事假", days: 1 },
        [],
      );
    return;
  }
  const lawyer = id("lawyer") as string;
  const partner = id("partner") as string;
  await runDemo(
    tx,
    workspaceId,
    leave,
    lawyer,
    { title: "年假申请（2天）", leaveType: "年假", days: 2, reason: "家中有事" },
    [],
  );
  await runDemo(
    tx,
    workspaceId,
    leave,
    lawyer,
    { title: "病假申请（1天）", leaveType: "病假", days: 1 },
    [partner],
  );
  await runDemo(
    tx,
    workspaceId,
    expense,
    id("assistant") as string,
    { title: "客户拜访差旅费", amount: "8600.00", category: "差旅" },
    [],
  );
};
