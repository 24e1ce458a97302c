import {
  type Definition,
  type FlowNode,
  type I18nText,
  newTaskNode,
  type WorkflowKind,
} from "../../shared/workflow";
import { invoiceFlow } from "../features/invoices";

const manager = (id: string, name: I18nText): FlowNode => ({
  ...newTaskNode("approval", id, name),
  assignees: { kind: "deptManager", level: 1, climb: true },
});
const person = (
  id: string,
  name: I18nText,
  userId: string,
  type: "approval" | "handler" = "approval",
): FlowNode => ({
  ...newTaskNode(type, id, name),
  assignees: { kind: "users", userIds: [userId] },
});

const base = (
  key: string,
  name: I18nText,
  kind: WorkflowKind,
  form: Definition["form"],
  nodes: FlowNode[],
  admin: string,
): Definition => ({
  key,
  name,
  kind,
  form,
  admins: [admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: true },
  start: { initiators: { kind: "all" }, fields: {} },
  nodes,
});

/** A label in both languages (the designer's `x-label`). */
const label = (zh: string, en: string) => ({ "zh-CN": zh, en });

/** Step and branch names in both languages: the approval centre and timeline show the reader's. */
const STEP = {
  印章保管人盖章: label("印章保管人盖章", "Seal custodian stamps"),
  部门负责人: label("部门负责人", "Department head"),
  请假天数: label("请假天数", "Leave days"),
  超过3天: label("超过3天", "More than 3 days"),
  其他情况: label("其他情况", "Otherwise"),
  抄送行政: label("抄送行政", "CC administration"),
  报销金额: label("报销金额", "Expense amount"),
  "5000元及以上": label("5000元及以上", "CNY 5,000 or more"),
  主任审批: label("主任审批", "Director approval"),
  财务付款: label("财务付款", "Finance payment"),
} as const;

// x-order keeps the field order: jsonb stores an object's keys sorted.
const LEAVE_FORM = {
  type: "object",
  "x-order": ["title", "leaveType", "days", "startDate", "reason"],
  required: ["title", "leaveType", "days"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    leaveType: {
      type: "string",
      title: "请假类型",
      "x-label": label("请假类型", "Leave type"),
      enum: ["年假", "病假", "事假"],
      "x-enum-labels": {
        年假: { en: "Annual leave" },
        病假: { en: "Sick leave" },
        事假: { en: "Personal leave" },
      },
    },
    days: {
      type: "number",
      title: "天数",
      "x-label": label("天数", "Days"),
      minimum: 0.5,
      maximum: 60,
    },
    startDate: {
      type: "string",
      format: "date",
      title: "开始日期",
      "x-label": label("开始日期", "Start date"),
    },
    reason: { type: "string", title: "事由", "x-label": label("事由", "Reason"), maxLength: 500 },
  },
};

const EXPENSE_FORM = {
  type: "object",
  "x-order": ["title", "amount", "category", "note"],
  required: ["title", "amount", "category"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    amount: {
      type: "string",
      format: "money",
      title: "金额（元）",
      "x-label": label("金额（元）", "Amount (CNY)"),
    },
    category: {
      type: "string",
      title: "费用类别",
      "x-label": label("费用类别", "Category"),
      enum: ["差旅", "办公", "客户招待"],
      "x-enum-labels": {
        差旅: { en: "Travel" },
        办公: { en: "Office" },
        客户招待: { en: "Client entertainment" },
      },
    },
    note: { type: "string", title: "说明", "x-label": label("说明", "Details"), maxLength: 500 },
  },
};

const SIMPLE_FORM = {
  type: "object",
  "x-order": ["title", "remark"],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    remark: {
      type: "string",
      title: "备注",
      "x-label": label("备注", "Remarks"),
      maxLength: 1000,
      "x-ui": { "ui:widget": "textarea" },
    },
  },
};

const BUSINESS: [WorkflowKind, I18nText][] = [
  ["case", label("立案审批", "Case opening")],
  ["case-change", label("案件变更审批", "Case change")],
  ["contract-archive", label("合同归档审批", "Contract archiving")],
  ["contract-cancel", label("合同作废审批", "Contract voiding")],
];

/**
 * Contract and seal approvals end with the seal custodian's handler step: the server fills
 * `sealHolderId` from the chosen seal, the custodian records the copies stamped and the date.
 */
const STAMP_FORM = {
  type: "object",
  "x-order": ["title", "sealHolderId", "copies", "stampedCopies", "stampedAt", "remark"],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    sealHolderId: {
      type: "string",
      format: "uuid",
      title: "印章保管人",
      "x-label": label("印章保管人", "Seal custodian"),
      "x-options": { source: "users" },
    },
    copies: {
      type: "number",
      title: "申请份数",
      "x-label": label("申请份数", "Copies requested"),
      minimum: 0,
      maximum: 9999,
    },
    stampedCopies: {
      type: "number",
      title: "实际盖章份数",
      "x-label": label("实际盖章份数", "Copies stamped"),
      minimum: 1,
      maximum: 9999,
    },
    stampedAt: {
      type: "string",
      format: "date",
      title: "盖章日期",
      "x-label": label("盖章日期", "Stamped on"),
    },
    remark: {
      type: "string",
      title: "备注",
      "x-label": label("备注", "Remarks"),
      maxLength: 1000,
      "x-ui": { "ui:widget": "textarea" },
    },
  },
};

const stampStep = (id: string): FlowNode =>
  ({
    ...newTaskNode("handler", id, STEP["印章保管人盖章"]),
    assignees: { kind: "formUser", field: "sealHolderId" },
    fields: { stampedCopies: "edit", stampedAt: "edit" },
  }) as FlowNode;

const stamped = (def: Definition): Definition => ({
  ...def,
  start: { ...def.start, fields: { stampedCopies: "read", stampedAt: "read" } },
});

/** Demo definitions: leave and expense requests, plus one simple flow per business kind. */
export const demoDefinitions = (ids: { director: string; finance: string }): Definition[] => [
  base(
    "leave",
    label("请假申请", "Leave request"),
    "general",
    LEAVE_FORM,
    [
      manager("leave-manager", STEP["部门负责人"]),
      {
        id: "leave-days",
        name: STEP["请假天数"],
        type: "exclusive",
        branches: [
          {
            id: "long",
            name: STEP["超过3天"],
            when: [[{ left: "days", op: "gt", value: 3 }]],
            nodes: [person("leave-director", STEP["主任审批"], ids.director)],
          },
          { id: "short", name: STEP["其他情况"], when: "default", nodes: [] },
        ],
      },
      {
        id: "leave-cc",
        name: STEP["抄送行政"],
        type: "cc",
        recipients: { kind: "users", userIds: [ids.finance] },
        fields: {},
      },
    ],
    ids.director,
  ),
  base(
    "expense",
    label("费用报销", "Expense claim"),
    "general",
    EXPENSE_FORM,
    [
      manager("expense-manager", STEP["部门负责人"]),
      {
        id: "expense-amount",
        name: STEP["报销金额"],
        type: "exclusive",
        branches: [
          {
            id: "big",
            name: STEP["5000元及以上"],
            when: [[{ left: "amount", op: "gte", value: "5000" }]],
            nodes: [person("expense-director", STEP["主任审批"], ids.director)],
          },
          { id: "small", name: STEP["其他情况"], when: "default", nodes: [] },
        ],
      },
      {
        ...person("expense-pay", STEP["财务付款"], ids.finance, "handler"),
        fields: { amount: "read" },
      } as FlowNode,
    ],
    ids.director,
  ),
  base(
    "account-change",
    label("客户信息变更", "Client change"),
    "general",
    SIMPLE_FORM,
    [manager("account-change-manager", STEP["部门负责人"])],
    ids.director,
  ),
  ...BUSINESS.map(([kind, name]) =>
    base(
      kind,
      name,
      kind,
      SIMPLE_FORM,
      [
        manager(`${kind}-manager`, STEP["部门负责人"]),
        person(`${kind}-director`, STEP["主任审批"], ids.director),
      ],
      ids.director,
    ),
  ),
  stamped(
    base(
      "contract",
      label("合同审批", "Contract"),
      "contract",
      STAMP_FORM,
      [
        manager("contract-manager", STEP["部门负责人"]),
        person("contract-director", STEP["主任审批"], ids.director),
        stampStep("contract-stamp"),
      ],
      ids.director,
    ),
  ),
  stamped(
    base(
      "seal",
      label("用印审批", "Seal use"),
      "seal",
      STAMP_FORM,
      [manager("seal-manager", STEP["部门负责人"]), stampStep("seal-stamp")],
      ids.director,
    ),
  ),
  invoiceFlow({ admin: ids.director, finance: { kind: "users", userIds: [ids.finance] } }),
];
