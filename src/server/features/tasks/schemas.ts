/** JSON schemas of the task routes (Fastify's ajv checks requests before any handler runs). */
import {
  COMMENT_MAX,
  MAX_CHECKLIST_ITEMS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TEXT_MAX,
  type Task,
  type TaskDetail,
  type TaskRecord,
} from "../../../shared/contracts/tasks";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";
import { listQuery } from "../../lib/list-query";

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const title = { type: "string", minLength: 1, maxLength: TASK_TEXT_MAX, pattern: "\\S" } as const;

const checklist = {
  type: "array",
  maxItems: MAX_CHECKLIST_ITEMS,
  items: {
    type: "object",
    required: ["text", "done"],
    additionalProperties: false,
    properties: {
      text: { type: "string", minLength: 1, maxLength: TASK_TEXT_MAX },
      done: { type: "boolean" },
    },
  },
} as const;

const fields = {
  title,
  // One type list, not anyOf: a plain schema the route-table walkers can fill in.
  caseId: { type: ["string", "null"], format: "uuid" },
  leadId: { type: ["string", "null"], format: "uuid" },
  assigneeId: uuid,
  dueDate: { type: ["string", "null"], format: "date" },
  priority: { type: "string", enum: [...TASK_PRIORITIES] },
  status: { type: "string", enum: [...TASK_STATUSES] },
  checklist,
} as const;

export const createBody = {
  type: "object",
  required: ["title"],
  additionalProperties: false,
  properties: fields,
} as const;
export const updateBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { ...fields, version: { type: "integer", minimum: 1 } },
} as const;
export const commentBody = {
  type: "object",
  required: ["text"],
  additionalProperties: false,
  properties: { text: { type: "string", minLength: 1, maxLength: COMMENT_MAX, pattern: "\\S" } },
} as const;
export const applyBody = {
  type: "object",
  required: ["templateId", "triggerDate"],
  additionalProperties: false,
  properties: { templateId: uuid, triggerDate: day },
} as const;
const filter = { type: "string", maxLength: 60 } as const;
export const tasksQuery = listQuery([], {
  mine: filter,
  assigneeId: uuid,
  caseId: uuid,
  leadId: uuid,
  status: filter,
  open: filter,
  dueBefore: day,
});

// Answers (lib/answers.ts): each names every field of its shared type; stored JSON stays open.
const str = { type: "string" } as const;
const maybe = orNull("string");
const open = { type: "object", additionalProperties: true } as const;
const recordFields = {
  workspaceId: str,
  id: str,
  custom: open,
  createdAt: str,
  createdBy: maybe,
  updatedAt: str,
  updatedBy: maybe,
  version: { type: "integer" },
  caseId: maybe,
  title: str,
  assigneeId: str,
  dueDate: maybe,
  priority: str,
  status: str,
  checklist: listOf(open),
  comments: listOf(open),
  templateId: maybe,
  leadId: maybe,
} as const;

export const taskRecordAnswer = answers({
  type: "object",
  properties: fieldsOf<TaskRecord>()(recordFields),
});
export const taskListAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<Task>()({ ...recordFields, caseName: maybe, leadNo: maybe }),
  }),
);
export const taskDetailAnswer = answers({
  type: "object",
  properties: fieldsOf<TaskDetail>()({ ...recordFields, caseName: maybe, leadNo: maybe }),
});
