/** JSON schemas of the key-date routes (Fastify's ajv checks requests before any handler runs). */
import { KEY_DATE_SOURCES, KEY_DATE_STATUSES, MAX_REMINDER_OFFSET, MAX_REMINDER_OFFSETS } from "../../../shared/contracts/deadlines";

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
    reminderOffsets: { type: "array", maxItems: MAX_REMINDER_OFFSETS, items: { type: "integer", minimum: 0, maximum: MAX_REMINDER_OFFSET } },
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
export const confirmBody = { type: "object", required: ["version"], additionalProperties: false, properties: { version } } as const;
export const statusBody = {
  type: "object",
  required: ["status", "version"],
  additionalProperties: false,
  properties: { status: { type: "string", enum: [...KEY_DATE_STATUSES] }, reason: text(500), version },
} as const;
