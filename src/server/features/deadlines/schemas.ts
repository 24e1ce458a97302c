/** JSON schemas of the key-date routes (Fastify's ajv checks requests before any handler runs). */
import {
  type DeadlinePreview,
  type DeadlineRule,
  type DeadlineType,
  KEY_DATE_OUTCOMES,
  KEY_DATE_SOURCES,
  KEY_DATE_STATUSES,
  type KeyDate,
  type KeyDateListRow,
  MAX_REMINDER_OFFSET,
  MAX_REMINDER_OFFSETS,
} from "../../../shared/contracts/deadlines";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";
import { dateFilter, listQuery } from "../../lib/list-query";

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const text = (max: number) => ({ type: "string", maxLength: max }) as const;
const version = { type: "integer", minimum: 1 } as const;

export const keyDateBody = {
  type: "object",
  required: ["deadlineType", "source"],
  additionalProperties: false,
  properties: {
    deadlineType: text(60),
    title: text(200),
    source: { type: "string", enum: [...KEY_DATE_SOURCES] },
    ruleCode: text(60),
    triggerDate: day,
    dueDate: day,
    startsAt: { type: "string", format: "date-time" },
    court: text(200),
    courtroom: text(100),
    judge: text(100),
    subject: text(500),
    responsibleId: uuid,
    reminderOffsets: {
      type: "array",
      maxItems: MAX_REMINDER_OFFSETS,
      items: { type: "integer", minimum: 0, maximum: MAX_REMINDER_OFFSET },
    },
    note: text(1000),
  },
} as const;
// Type, source and rule are what the date is; a wrong one is voided and entered again.
export const keyDateChange = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: {
    version,
    title: text(200),
    triggerDate: day,
    dueDate: day,
    startsAt: keyDateBody.properties.startsAt,
    court: text(200),
    courtroom: text(100),
    judge: text(100),
    subject: text(500),
    responsibleId: uuid,
    reminderOffsets: keyDateBody.properties.reminderOffsets,
    note: text(1000),
  },
} as const;
export const previewBody = {
  type: "object",
  required: ["ruleCode", "triggerDate"],
  additionalProperties: false,
  properties: { ruleCode: text(60), triggerDate: day },
} as const;
export const confirmBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { version },
} as const;
export const statusBody = {
  type: "object",
  required: ["status", "version"],
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: [...KEY_DATE_STATUSES] },
    reason: text(500),
    version,
  },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;
const maybe = orNull("string");
const ints = listOf({ type: "integer" });
const keyDate = {
  type: "object",
  properties: fieldsOf<KeyDate>()({
    workspaceId: str,
    id: str,
    custom: { type: "object", additionalProperties: true },
    createdAt: str,
    createdBy: maybe,
    updatedAt: str,
    updatedBy: maybe,
    version: { type: "integer" },
    caseId: str,
    deadlineType: str,
    title: str,
    titleEn: maybe,
    dueDate: str,
    startsAt: maybe,
    court: maybe,
    courtroom: maybe,
    judge: maybe,
    subject: maybe,
    source: str,
    ruleCode: maybe,
    triggerDate: maybe,
    shiftedFrom: maybe,
    missingYears: ints,
    responsibleId: str,
    status: str,
    voidReason: maybe,
    datedBy: str,
    confirmedBy: maybe,
    confirmedAt: maybe,
    reminderOffsets: ints,
    note: maybe,
  }),
} as const;
export const keyDateAnswer = answers(keyDate);
export const keyDateListAnswer = answers(listOf(keyDate));

/** The firm's key-date list: who, status (repeats for "any of"), due days and outcome. */
export const keyDateListQuery = listQuery(["dueDate", "createdAt"], {
  caseId: uuid,
  responsibleId: uuid,
  responsibleDepartmentId: uuid,
  status: { type: "array", maxItems: 3, items: { type: "string", enum: [...KEY_DATE_STATUSES] } },
  dueDate_gte: dateFilter,
  dueDate_lte: dateFilter,
  outcome: { type: "string", enum: [...KEY_DATE_OUTCOMES] },
});

export const keyDateRowsAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<KeyDateListRow>()({
      id: str,
      caseId: str,
      caseNo: str,
      caseName: str,
      deadlineType: str,
      title: str,
      dueDate: str,
      status: str,
      responsibleId: str,
      responsibleName: str,
      outcome: orNull("string"),
    }),
  }),
);

const rule = {
  type: "object",
  properties: fieldsOf<DeadlineRule>()({
    code: str,
    name: str,
    deadlineType: str,
    amount: { type: "integer" },
    unit: str,
    triggerLabel: str,
    basis: maybe,
  }),
} as const;
export const ruleListAnswer = answers(listOf(rule));
export const previewAnswer = answers({
  type: "object",
  properties: fieldsOf<DeadlinePreview>()({
    dueDate: str,
    shiftedFrom: maybe,
    missingYears: ints,
    rule,
    names: { type: "object", properties: { zh: str, en: maybe } },
  }),
});
export const typeListAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<DeadlineType>()({
      code: str,
      labelZh: str,
      labelEn: str,
      kind: str,
      reminderOffsets: ints,
      // A dictionary attribute: sent as stored, whatever it holds.
      color: {},
    }),
  }),
);
