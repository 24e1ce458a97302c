import { asc, eq, inArray } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import {
  allNodes,
  type Definition,
  findNode,
  formFields,
  isTaskNode,
  START_ID,
  stripHidden,
  stripHiddenSchema,
  textOf,
  viewerPerms,
} from "../../../shared/workflow";
import {
  users,
  workflowCc,
  workflowEvents,
  workflowInstances,
  workflowTasks,
} from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { attachmentInfo, formFileIds } from "./attachments";
import { getVersion } from "./definitions-service";
import { editableFields, returnTargets, type TaskState } from "./engine";
import { hasHumanAccept } from "./engine/checks";
import { canReadAll } from "./queries";
import { toInstanceState } from "./store";
import { titleIn, withLocalFormTexts } from "./title";

/** Actions a pending task offers, as the node configures them. */
const actionsOf = (def: Definition, task: TaskState, hasOpenGroup: boolean): string[] => {
  if (task.kind === "submit") return ["resubmit", "comment", "cc"];
  const node = findNode(def.nodes, task.nodeId);
  if (!node || !isTaskNode(node)) return [];
  if (task.kind === "addSign") return ["accept", "reject", "transfer", "cc", "comment"];
  const out = ["accept"];
  if (node.type === "approval") out.push("reject");
  if (node.type === "approval" && node.addSign && !hasOpenGroup) out.push("addSign");
  if (node.transfer) out.push("transfer");
  if (node.return.enabled) out.push("return");
  out.push("cc", "comment");
  return out;
};

/**
 * One approval as its viewer may see it: the form with hidden fields removed (from data and
 * schema alike), the timeline, the steps, and the viewer's own pending tasks with their actions.
 */
export const getInstanceDetail = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(workflowInstances)
    .where(inWorkspace(ctx, workflowInstances, eq(workflowInstances.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  const [taskRows, ccRows, eventRows, version] = await Promise.all([
    ctx.db
      .select()
      .from(workflowTasks)
      .where(inWorkspace(ctx, workflowTasks, eq(workflowTasks.instanceId, id))),
    ctx.db
      .select()
      .from(workflowCc)
      .where(inWorkspace(ctx, workflowCc, eq(workflowCc.instanceId, id))),
    ctx.db
      .select()
      .from(workflowEvents)
      .where(inWorkspace(ctx, workflowEvents, eq(workflowEvents.instanceId, id)))
      .orderBy(asc(workflowEvents.seq)),
    getVersion(ctx, row.versionId),
  ]);
  const def = version.flow;
  const state = toInstanceState(
    row,
    taskRows,
    ccRows.map((c) => c.userId),
  );
  const mine = state.tasks.filter((t) => t.assigneeId === ctx.userId);
  const myCc = ccRows.filter((c) => c.userId === ctx.userId);
  const isAdmin = def.admins.includes(ctx.userId) || canReadAll(ctx);
  const isInitiator = row.initiatorId === ctx.userId;
  if (!isInitiator && !isAdmin && mine.length === 0 && myCc.length === 0)
    throw new AppError(403, "errors.workflow.forbidden");

  const perms = viewerPerms(def, {
    userId: ctx.userId,
    isInitiator,
    canReadAll: isAdmin,
    tasks: mine.map((t) => ({ nodeId: t.nodeId, kind: t.kind, isPending: t.status === "pending" })),
    ccNodeIds: myCc.map((c) => c.nodeId),
  });
  // Opening a CC'd approval marks it read.
  const unread = myCc.filter((c) => !c.isRead).map((c) => c.id);
  if (unread.length > 0) {
    await ctx.db
      .update(workflowCc)
      .set({ isRead: true, readAt: new Date() })
      .where(inWorkspace(ctx, workflowCc, inArray(workflowCc.id, unread)));
  }
  const people = [
    ...new Set([
      row.initiatorId,
      ...state.tasks.map((t) => t.assigneeId),
      ...ccRows.map((c) => c.userId),
      ...eventRows.flatMap((e) => (e.actorId ? [e.actorId] : [])),
    ]),
  ];
  const names = people.length
    ? await ctx.db
        .select({ id: users.id, name: users.name, nameSuffix: users.nameSuffix })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const nodeName = (nodeId: string) =>
    nodeId === START_ID ? "" : textOf(findNode(def.nodes, nodeId)?.name, ctx.lang);
  const openGroupParents = new Set(
    state.tasks
      .filter((t) => t.groupId && (t.status === "pending" || t.status === "waiting"))
      .map((t) => t.parentId),
  );
  const myPending = mine
    .filter((t) => t.status === "pending" && row.status === "running")
    .map((t) => ({
      id: t.id,
      nodeId: t.nodeId,
      nodeName: nodeName(t.nodeId),
      kind: t.kind,
      actions: actionsOf(def, t, openGroupParents.has(t.id)),
      editable: [...editableFields(def, t)].filter((f) => perms[f] === "edit"),
      requireComment: (() => {
        const node = findNode(def.nodes, t.nodeId);
        return t.kind !== "addSign" && !!node && isTaskNode(node) && node.requireComment.accept;
      })(),
      returnTargets: returnTargets(def, state, t).map((nodeId) => ({
        nodeId,
        name: nodeName(nodeId),
      })),
    }));
  const canCancel =
    row.status === "running" &&
    (isInitiator || isAdmin) &&
    (def.settings.cancelAfterApproved || !hasHumanAccept(state));
  const title = titleIn(ctx.lang, row);
  const stripped = stripHidden(row.form, perms);
  // The form's title field holds the submitter's text; the reader sees the same words as the header.
  const titled = row.titleI18n && stripped.title === row.title ? { ...stripped, title } : stripped;
  // Texts the feature wrote as parts (a client change's summary) read in the reader's language too.
  const form = withLocalFormTexts(ctx.lang, row, titled, (field) => {
    const max = def.form.properties?.[field]?.maxLength;
    return typeof max === "number" ? max : undefined;
  });
  // Only files this viewer can reach: the timeline's, and those in form fields they may see.
  const visibleFiles = [
    ...new Set([...eventRows.flatMap((e) => e.attachments), ...formFileIds(def, form)]),
  ];
  return {
    id: row.id,
    serial: row.serial,
    title,
    kind: row.kind,
    status: row.status,
    version: row.version,
    definitionId: row.definitionId,
    definitionName: textOf(def.name, ctx.lang),
    versionId: row.versionId,
    businessRef: row.businessRef,
    initiatorId: row.initiatorId,
    submittedAt: row.submittedAt,
    finishedAt: row.finishedAt,
    schema: stripHiddenSchema(def.form, perms),
    perms: Object.fromEntries(
      formFields(def.form)
        .filter((f) => perms[f.key] !== "hidden")
        .map((f) => [f.key, perms[f.key]]),
    ),
    form,
    nodes: allNodes(def.nodes).map((n) => ({
      id: n.id,
      name: textOf(n.name, ctx.lang),
      type: n.type,
    })),
    tasks: state.tasks.map((t) => ({ ...t, nodeName: nodeName(t.nodeId) })),
    events: eventRows.map((e) => ({
      id: e.id,
      seq: e.seq,
      type: e.type,
      nodeId: e.nodeId,
      nodeName: e.nodeId ? nodeName(e.nodeId) : "",
      taskId: e.taskId,
      actorId: e.actorId,
      comment: e.comment,
      attachments: e.attachments,
      params: e.params,
      createdAt: e.createdAt,
    })),
    cc: ccRows.map((c) => ({ userId: c.userId, nodeId: c.nodeId, ccAt: c.ccAt })),
    users: Object.fromEntries(names.map((u) => [u.id, u.name])),
    files: await attachmentInfo(ctx, row.id, visibleFiles),
    myTasks: myPending,
    canCancel,
    // Process administrators may hand any open task to someone else.
    canReassign: row.status === "running" && isAdmin,
    canCc: isInitiator || isAdmin || mine.length > 0 || myCc.length > 0,
  };
};
