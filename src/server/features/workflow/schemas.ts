/** JSON schemas of the workflow routes (Fastify's ajv checks requests before any handler runs). */
import { APPROVAL_COMMENT_MAX, MAX_ATTACHMENTS } from "../../../shared/contracts/workflow";
import { WORKFLOW_KINDS } from "../../../shared/workflow";
import { dateTimeFilter, listFilter, listQuery, textFilter } from "../../lib/list-query";
import { DEFINITION_SORT } from "./definitions-service";

const uuid = { type: "string", format: "uuid" } as const;
const comment = { type: "string", maxLength: APPROVAL_COMMENT_MAX } as const;
const attachments = { type: "array", maxItems: MAX_ATTACHMENTS, items: uuid } as const;

export const submitBody = {
  type: "object",
  required: ["definitionId", "form"],
  additionalProperties: false,
  properties: {
    definitionId: uuid,
    form: { type: "object" },
    deptId: uuid,
    title: { type: "string", maxLength: 200 },
    comment,
    attachments,
  },
} as const;

export const actionBody = {
  type: "object",
  required: ["type"],
  additionalProperties: false,
  properties: {
    type: {
      type: "string",
      enum: [
        "resubmit",
        "accept",
        "reject",
        "cancel",
        "addSign",
        "transfer",
        "cc",
        "return",
        "comment",
      ],
    },
    taskId: uuid,
    formPatch: { type: "object" },
    form: { type: "object" },
    comment,
    attachments,
    position: { type: "string", enum: ["pre", "post"] },
    mode: { type: "string", enum: ["all", "any"] },
    userIds: { type: "array", maxItems: 50, items: uuid },
    toUserId: uuid,
    targetNodeId: { type: "string", minLength: 1, maxLength: 100 },
    version: { type: "integer", minimum: 1 },
  },
} as const;

export const reassignBody = {
  type: "object",
  required: ["taskId", "toUserId"],
  additionalProperties: false,
  properties: { taskId: uuid, toUserId: uuid, comment },
} as const;

/** The filters every tab offers (queries.ts instanceFilters); the lists are not sortable. */
export const instanceListQuery = listQuery([], {
  kind: textFilter,
  definitionId: textFilter,
  // Repeats for "any of" (a report's finished approvals: approved, rejected or cancelled).
  status: listFilter,
  initiatorId: textFilter,
  // Started by a member of this department (as the org chart has them now).
  initiatorDepartmentId: { type: "string", format: "uuid" },
  submittedAt_gte: dateTimeFilter,
  submittedAt_lte: dateTimeFilter,
  q: textFilter,
  isRead: { type: "string", enum: ["true", "false"] },
});

/** The next pending task after `after`, within the same filters as the tab the user came from. */
export const nextTaskQuery = {
  ...instanceListQuery,
  properties: { ...instanceListQuery.properties, after: textFilter },
};

export const businessSettingsBody = {
  type: "object",
  required: ["accountChanges"],
  additionalProperties: false,
  properties: { accountChanges: { type: "boolean" }, caseChanges: { type: "boolean" } },
} as const;

export const previewBody = {
  type: "object",
  required: ["form"],
  additionalProperties: false,
  properties: { form: { type: "object" }, deptId: uuid },
} as const;

// Definitions (routes-definitions.ts).
const version = { type: "integer", minimum: 1 } as const;

export const definitionListQuery = listQuery(Object.keys(DEFINITION_SORT), {
  isArchived: { type: "string", enum: ["true", "false"] },
  kind: textFilter,
  name_like: textFilter,
});

export const definitionCreateBody = {
  type: "object",
  required: ["name", "kind"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100 },
    kind: { type: "string", enum: [...WORKFLOW_KINDS] },
    key: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{1,62}$" },
    draft: { type: "object" },
  },
} as const;

export const draftBody = {
  type: "object",
  required: ["draft", "version"],
  additionalProperties: false,
  properties: { draft: { type: "object" }, version },
} as const;

export const publishBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { version },
} as const;

export const enabledBody = {
  type: "object",
  required: ["enabled", "version"],
  additionalProperties: false,
  properties: { enabled: { type: "boolean" }, version },
} as const;

export const archivedBody = {
  type: "object",
  required: ["archived", "version"],
  additionalProperties: false,
  properties: { archived: { type: "boolean" }, version },
} as const;

// An approval's files (routes-files.ts).
export const fileParams = { type: "object", properties: { id: uuid, fileId: uuid } } as const;

export const fileQuery = { type: "object", properties: { inline: { type: "boolean" } } } as const;

export const fileTicketBody = {
  type: "object",
  additionalProperties: false,
  properties: { inline: { type: "boolean" } },
} as const;
