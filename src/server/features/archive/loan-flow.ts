import { LOAN_PURPOSE_MAX } from "../../../shared/contracts/archive-loans";
import {
  type Assignees,
  type Definition,
  type FlowNode,
  newTaskNode,
} from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { provisionFirmFlows } from "../workflow";

export const LOAN_FLOW_KEY = "archive-loan";

const label = (zh: string, en: string) => ({ "zh-CN": zh, en });

/** What the approver reads of a loan request; the server fills every field. */
const LOAN_FORM = {
  type: "object",
  "x-order": ["title", "volumeRef", "purpose", "untilOn"],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    volumeRef: {
      type: "string",
      title: "卷宗",
      "x-label": label("卷宗", "Volume"),
      maxLength: 400,
    },
    purpose: {
      type: "string",
      title: "借阅用途",
      "x-label": label("借阅用途", "Purpose"),
      maxLength: LOAN_PURPOSE_MAX,
      "x-ui": { "ui:widget": "textarea" },
    },
    untilOn: {
      type: "string",
      format: "date",
      title: "借阅至",
      "x-label": label("借阅至", "Until"),
    },
  },
};

/**
 * The loan approval every firm starts with: the archivists (the admin role) decide, any one of
 * them. Accepting lends the volume until the day asked for. Editable in the designer.
 */
export const loanFlow = (opts: { admin: string; reviewers: Assignees }): Definition => ({
  key: LOAN_FLOW_KEY,
  name: label("档案借阅审批", "Archive loan"),
  kind: "archive-loan",
  form: LOAN_FORM,
  admins: [opts.admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: false },
  start: { initiators: { kind: "all" }, fields: {} },
  nodes: [
    {
      ...newTaskNode("approval", "loan-review", label("借阅审核", "Loan review")),
      assignees: opts.reviewers,
      mode: "any",
    },
  ] as FlowNode[],
});

/** Every firm without a loan approval gets one, decided by its admin role's members. */
export const provisionLoans = (db: Db) =>
  provisionFirmFlows(db, {
    kind: "archive-loan",
    key: LOAN_FLOW_KEY,
    build: ({ admin, roleIds }) =>
      loanFlow({ admin, reviewers: { kind: "roles", roleIds: roleIds(["admin"]) } }),
  });
