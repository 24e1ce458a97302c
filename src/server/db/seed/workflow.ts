import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { type Definition, type FlowNode, newTaskNode, type WorkflowKind } from "../../../shared/workflow";
import { loadDirectory } from "../../features/workflow/directory";
import { type Action, step } from "../../features/workflow/engine";
import { ccTargets, storedState, writeCc, writeEvents, writeTasks } from "../../features/workflow/store";
import { writeBatch } from "../../lib/write-batch";
import type { Db } from "../client";
import { workflowDefinitions, workflowDefinitionVersions, workflowInstances } from "../tables";

const manager = (id: string, name: string): FlowNode => ({
  ...newTaskNode("approval", id, name),
  assignees: { kind: "deptManager", level: 1, climb: true },
});
const person = (id: string, name: string, userId: string, type: "approval" | "handler" = "approval"): FlowNode => ({
  ...newTaskNode(type, id, name),
  assignees: { kind: "users", userIds: [userId] },
});

const base = (key: string, name: string, kind: WorkflowKind, form: Definition["form"], nodes: FlowNode[], admin: string): Definition => ({
  key,
  name,
  kind,
  form,
  admins: [admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: true },
  start: { initiators: { kind: "all" }, fields: {} },
  nodes,
});

// x-order keeps the field order: jsonb stores an object's keys sorted.
const LEAVE_FORM = {
  type: "object",
  "x-order": ["title", "leaveType", "days", "startDate", "reason"],
  required: ["title", "leaveType", "days"],
  properties: {
    title: { type: "string", title: "标题", maxLength: 200 },
    leaveType: { type: "string", title: "请假类型", enum: ["年假", "病假", "事假"] },
    days: { type: "number", title: "天数", minimum: 0.5, maximum: 60 },
    startDate: { type: "string", format: "date", title: "开始日期" },
    reason: { type: "string", title: "事由", maxLength: 500 },
  },
};

const EXPENSE_FORM = {
  type: "object",
  "x-order": ["title", "amount", "category", "note"],
  required: ["title", "amount", "category"],
  properties: {
    title: { type: "string", title: "标题", maxLength: 200 },
    amount: { type: "string", format: "money", title: "金额（元）" },
    category: { type: "string", title: "费用类别", enum: ["差旅", "办公", "客户招待"] },
    note: { type: "string", title: "说明", maxLength: 500 },
  },
};

const SIMPLE_FORM = {
  type: "object",
  "x-order": ["title", "remark"],
  required: ["title"],
  properties: { title: { type: "string", title: "标题", maxLength: 200 }, remark: { type: "string", title: "备注", maxLength: 1000, "x-ui": { "ui:widget": "textarea" } } },
};

const BUSINESS: [WorkflowKind, string][] = [
  ["case", "立案审批"],
  ["case-change", "案件变更审批"],
  ["contract", "合同审批"],
  ["contract-archive", "合同归档审批"],
  ["contract-cancel", "合同作废审批"],
  ["seal", "用印审批"],
];

/** Demo definitions: leave and expense requests, plus one simple flow per business kind. */
const demoDefinitions = (ids: { director: string; finance: string }): Definition[] => [
  base("leave", "请假申请", "general", LEAVE_FORM, [
    manager("leave-manager", "部门负责人"),
    {
      id: "leave-days",
      name: "请假天数",
      type: "exclusive",
      branches: [
        { id: "long", name: "超过3天", when: [[{ left: "days", op: "gt", value: 3 }]], nodes: [person("leave-director", "主任审批", ids.director)] },
        { id: "short", name: "其他情况", when: "default", nodes: [] },
      ],
    },
    { id: "leave-cc", name: "抄送行政", type: "cc", recipients: { kind: "users", userIds: [ids.finance] }, fields: {} },
  ], ids.director),
  base("expense", "费用报销", "general", EXPENSE_FORM, [
    manager("expense-manager", "部门负责人"),
    {
      id: "expense-amount",
      name: "报销金额",
      type: "exclusive",
      branches: [
        { id: "big", name: "5000元及以上", when: [[{ left: "amount", op: "gte", value: "5000" }]], nodes: [person("expense-director", "主任审批", ids.director)] },
        { id: "small", name: "其他情况", when: "default", nodes: [] },
      ],
    },
    { ...person("expense-pay", "财务付款", ids.finance, "handler"), fields: { amount: "read" } } as FlowNode,
  ], ids.director),
  base("account-change", "客户信息变更", "general", SIMPLE_FORM, [manager("account-change-manager", "部门负责人")], ids.director),
  ...BUSINESS.map(([kind, name]) => base(kind, name, kind, SIMPLE_FORM, [manager(`${kind}-manager`, "部门负责人"), person(`${kind}-director`, "主任审批", ids.director)], ids.director)),
];

type Seeded = { definitionId: string; versionId: string; def: Definition };

const insertDefinition = async (tx: Db, workspaceId: string, def: Definition, by: string): Promise<Seeded> => {
  const [row] = await tx
    .insert(workflowDefinitions)
    .values({ workspaceId, key: def.key, kind: def.kind, name: String(def.name), draft: def, isEnabled: true, currentVersionNo: 1, createdBy: by, updatedBy: by })
    .returning();
  const [version] = await tx
    .insert(workflowDefinitionVersions)
    .values({ workspaceId, definitionId: row.id, number: 1, flow: def, publishedBy: by, createdBy: by, updatedBy: by })
    .returning();
  await tx.update(workflowDefinitions).set({ currentVersionId: version.id }).where(eqRow(row.workspaceId, row.id));
  return { definitionId: row.id, versionId: version.id, def };
};

const eqRow = (workspaceId: string, id: string) => and(eq(workflowDefinitions.workspaceId, workspaceId), eq(workflowDefinitions.id, id));

/** Runs a few real approvals through the engine so the approval centre is not empty. */
const runDemo = async (tx: Db, workspaceId: string, flow: Seeded, initiator: string, form: Record<string, unknown>, accepters: string[]) => {
  const dir = await loadDirectory(tx, workspaceId);
  const ctx = { def: flow.def, dir, now: new Date(), newId: randomUUID };
  const deptId = dir.userDepts[initiator]?.[0] ?? null;
  const submitted = step(null, { type: "submit", form }, { userId: initiator, isProcessAdmin: false }, ctx, deptId);
  if ("error" in submitted) throw new Error(`demo workflow: ${submitted.error.key}`);
  let state = submitted.state;
  const effects = [...submitted.effects];
  const [row] = await tx
    .insert(workflowInstances)
    .values({
      workspaceId, definitionId: flow.definitionId, versionId: flow.versionId, kind: flow.def.kind, title: String(form.title),
      status: state.status, initiatorId: initiator, initiatorDeptId: deptId, form: state.form, state: storedState(state),
      createdBy: initiator, updatedBy: initiator,
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
  writeTasks(batch, { workspaceId, instanceId: row.id, def: flow.def, actorId: initiator }, [], state.tasks);
  const eventSeq = await writeEvents(batch, workspaceId, row.id, effects.flatMap((e) => (e.type === "event" ? [e.event] : [])), new Date(), 0);
  writeCc(batch, { workspaceId, instanceId: row.id, actorId: initiator }, ccTargets(effects));
  batch.add(
    tx
      .update(workflowInstances)
      .set({ status: state.status, form: state.form, state: storedState(state, eventSeq), finishedAt: state.status === "running" ? null : new Date() })
      .where(and(eq(workflowInstances.workspaceId, workspaceId), eq(workflowInstances.id, row.id))),
  );
  await batch.run();
};

/** Published demo workflows for one firm; in the first firm also a few approvals in flight. */
export const seedWorkflow = async (tx: Db, workspaceId: string, id: (username: string) => string | undefined, isFirstFirm: boolean) => {
  const director = id("admin") ?? id("admin2") ?? "";
  const finance = id("finance") ?? director;
  const flows = [];
  for (const def of demoDefinitions({ director, finance })) flows.push(await insertDefinition(tx, workspaceId, def, director));
  const [leave, expense] = flows;
  if (!isFirstFirm) {
    const partner = id("partner");
    if (partner) await runDemo(tx, workspaceId, leave, partner, { title: "事假申请（1天）", leaveType: "事假", days: 1 }, []);
    return;
  }
  const lawyer = id("lawyer") as string;
  const partner = id("partner") as string;
  await runDemo(tx, workspaceId, leave, lawyer, { title: "年假申请（2天）", leaveType: "年假", days: 2, reason: "家中有事" }, []);
  await runDemo(tx, workspaceId, leave, lawyer, { title: "病假申请（1天）", leaveType: "病假", days: 1 }, [partner]);
  await runDemo(tx, workspaceId, expense, id("assistant") as string, { title: "客户拜访差旅费", amount: "8600.00", category: "差旅" }, []);
};
