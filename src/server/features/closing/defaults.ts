import { CLOSING_RESULTS, CLOSING_SUMMARY_MAX } from "../../../shared/contracts/closing";
import {
  type Assignees,
  type Definition,
  type FlowNode,
  newTaskNode,
} from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { provisionFirmFlows } from "../workflow";

export const CLOSING_FLOW_KEY = "case-close";

const label = (zh: string, en: string) => ({ "zh-CN": zh, en });

const RESULT_LABELS: Record<(typeof CLOSING_RESULTS)[number], ReturnType<typeof label>> = {
  judgment: label("判决", "Judgment"),
  settlement: label("和解", "Settlement"),
  mediation: label("调解", "Mediation"),
  withdrawal: label("撤诉/撤回", "Withdrawal"),
  dismissed: label("驳回/终止", "Dismissed"),
  other: label("其他", "Other"),
};

/**
 * What the approver reads of a closing: the server fills every field from the submission
 * (startApproval keeps only the keys declared here), so a firm that trims the form in the
 * designer still starts. `recoveredAmount` is money (¥1,234.00 in the approval centre, and a
 * branch may route on it); `openItems` lists what is still open with the lawyer's explanations.
 */
const CLOSING_FORM = {
  type: "object",
  "x-order": ["title", "caseRef", "result", "recoveredAmount", "summary", "openItems"],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    caseRef: { type: "string", title: "案件", "x-label": label("案件", "Case"), maxLength: 400 },
    result: {
      type: "string",
      title: "结案方式",
      "x-label": label("结案方式", "Result"),
      enum: [...CLOSING_RESULTS],
      "x-enum-labels": RESULT_LABELS,
    },
    recoveredAmount: {
      type: "string",
      format: "money",
      "x-format": "money",
      title: "执行/回收金额",
      "x-label": label("执行/回收金额", "Amount recovered"),
    },
    summary: {
      type: "string",
      title: "结案小结",
      "x-label": label("结案小结", "Closing summary"),
      maxLength: CLOSING_SUMMARY_MAX,
      "x-ui": { "ui:widget": "textarea" },
    },
    openItems: {
      type: "string",
      title: "未了事项及说明",
      "x-label": label("未了事项及说明", "Open items and explanations"),
      maxLength: 8000,
      "x-ui": { "ui:widget": "textarea" },
    },
  },
};

/**
 * The closing approval every firm starts with: the submitter's department head (the lead
 * lawyer's, when the lead lawyer submits), then a partner or an administrator (any one of them).
 * Editable in the designer like any business flow.
 */
export const closingFlow = (opts: { admin: string; reviewers: Assignees }): Definition => ({
  key: CLOSING_FLOW_KEY,
  name: label("结案审批", "Case closing"),
  kind: "case-close",
  form: CLOSING_FORM,
  admins: [opts.admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: false },
  // The server fills the form; a form edited on a return changes nothing stored on the closing.
  start: { initiators: { kind: "all" }, fields: {} },
  nodes: [
    {
      ...newTaskNode("approval", "closing-manager", label("部门负责人", "Department head")),
      assignees: { kind: "deptManager", level: 1, climb: true },
    },
    {
      ...newTaskNode("approval", "closing-partner", label("合伙人/管理员审批", "Partner review")),
      assignees: opts.reviewers,
      mode: "any",
    },
  ] as FlowNode[],
});

/**
 * Every firm without a closing approval gets one (new firms right after the demo seed, firms
 * older than closings at their first start on this version): reviewed by the partner and admin
 * roles' members. Runs before the app serves; a firm that has one (an admin may have edited or
 * disabled it) is left alone, and so is a firm whose key "case-close" is taken by another flow.
 */
export const provisionClosing = (db: Db) =>
  provisionFirmFlows(db, {
    kind: "case-close",
    key: CLOSING_FLOW_KEY,
    // Partners first: the role order is the order the approval lists them in.
    build: ({ admin, roleIds }) =>
      closingFlow({ admin, reviewers: { kind: "roles", roleIds: roleIds(["partner", "admin"]) } }),
  });
