import {
  type Assignees,
  type Definition,
  type FlowNode,
  newTaskNode,
} from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { provisionFirmFlows } from "../workflow";

export const ARCHIVE_FLOW_KEY = "case-archive";

const label = (zh: string, en: string) => ({ "zh-CN": zh, en });

/** What the approver reads of a volume; the server fills every field (startApproval keeps the declared ones). */
const ARCHIVE_FORM = {
  type: "object",
  "x-order": ["title", "caseRef", "files", "retentionYears", "dueOn"],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    caseRef: { type: "string", title: "案件", "x-label": label("案件", "Case"), maxLength: 400 },
    files: {
      type: "string",
      title: "卷内文件",
      "x-label": label("卷内文件", "Files in the volume"),
      maxLength: 8000,
      "x-ui": { "ui:widget": "textarea" },
    },
    retentionYears: {
      type: "integer",
      title: "保管期限（年）",
      "x-label": label("保管期限（年）", "Retention (years)"),
    },
    dueOn: {
      type: "string",
      format: "date",
      title: "归档期限",
      "x-label": label("归档期限", "Due"),
    },
  },
};

/**
 * The archive approval every firm starts with: a partner or an administrator (any one) checks
 * the volume. Accepting it numbers the volume, locks its files and queues the merged PDF.
 * Editable in the designer like any business flow.
 */
export const archiveFlow = (opts: { admin: string; reviewers: Assignees }): Definition => ({
  key: ARCHIVE_FLOW_KEY,
  name: label("归档审批", "Case archiving"),
  kind: "case-archive",
  form: ARCHIVE_FORM,
  admins: [opts.admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: false },
  start: { initiators: { kind: "all" }, fields: {} },
  nodes: [
    {
      ...newTaskNode("approval", "archive-review", label("归档审核", "Archive review")),
      assignees: opts.reviewers,
      mode: "any",
    },
  ] as FlowNode[],
});

/**
 * Every firm without an archive approval gets one (as closing does for its own): reviewed by the
 * partner and admin roles' members. A firm that has one, or whose key is taken, is left alone.
 */
export const provisionArchive = (db: Db) =>
  provisionFirmFlows(db, {
    kind: "case-archive",
    key: ARCHIVE_FLOW_KEY,
    build: ({ admin, roleIds }) =>
      archiveFlow({ admin, reviewers: { kind: "roles", roleIds: roleIds(["partner", "admin"]) } }),
  });
