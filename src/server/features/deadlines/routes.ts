import type { FastifyInstance } from "fastify";

import { listRules, loadDeadlineTypes, titledIn } from "./data";
import { type KeyDateChange, updateKeyDate } from "./edit-key-date";
import { holidayYears } from "./holiday-years";
import { confirmKeyDate, createKeyDate, type KeyDateInput, listCaseKeyDates, previewDeadline, setKeyDateStatus } from "./key-dates";

const SUBJECT = "LAWFIRM_CASE_VIEW" as const;
const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const text = (max: number) => ({ type: "string", maxLength: max }) as const;
const version = { type: "integer", minimum: 1 } as const;

const keyDateBody = {
  type: "object",
  required: ["deadlineType", "source"],
  additionalProperties: false,
  properties: {
    deadlineType: text(60),
    title: text(200),
    source: { type: "string", enum: ["computed", "court-notice", "manual"] },
    ruleCode: text(60),
    triggerDate: day,
    dueDate: day,
    startsAt: { type: "string", format: "date-time" },
    court: text(200),
    courtroom: text(100),
    judge: text(100),
    subject: text(500),
    responsibleId: uuid,
    reminderOffsets: { type: "array", maxItems: 10, items: { type: "integer", minimum: 0, maximum: 365 } },
    note: text(1000),
  },
} as const;
// Type, source and rule are what the date is; a wrong one is voided and entered again.
const keyDateChange = {
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
const previewBody = {
  type: "object",
  required: ["ruleCode", "triggerDate"],
  additionalProperties: false,
  properties: { ruleCode: text(60), triggerDate: day },
} as const;
const confirmBody = { type: "object", required: ["version"], additionalProperties: false, properties: { version } } as const;
const statusBody = {
  type: "object",
  required: ["status", "version"],
  additionalProperties: false,
  properties: { status: { type: "string", enum: ["open", "done", "void"] }, reason: text(500), version },
} as const;

type Id = { Params: { id: string } };

/** Registered by the deadlines plugin under /api. */
export async function deadlinesRoutes(app: FastifyInstance) {
  const onCase = (action: "read" | "update") => ({ permission: [action, SUBJECT] as [typeof action, typeof SUBJECT], tenantTable: "cases" });
  const onKeyDate = { permission: ["update", SUBJECT] as ["update", typeof SUBJECT], tenantTable: "key_dates" };

  app.get("/deadline-types", { config: { permission: "member" } }, async (req) => [...(await loadDeadlineTypes(req.ctx)).values()]);
  // Every member entering a deadline picks a rule; editing them is Settings → Deadline rules.
  app.get("/key-date-rules", { config: { permission: "member" } }, (req) => listRules(req.ctx));
  app.get("/holiday-years", { config: { permission: "member" } }, (req) => holidayYears(req.ctx));
  app.post<{ Body: { ruleCode: string; triggerDate: string } }>("/key-dates/preview", { schema: { body: previewBody }, config: { permission: "member" } }, (req) =>
    previewDeadline(req.ctx, req.body.ruleCode, req.body.triggerDate),
  );
  app.get<Id>("/cases/:id/key-dates", { config: onCase("read") }, (req) => listCaseKeyDates(req.ctx, req.params.id));
  app.post<Id & { Body: KeyDateInput }>("/cases/:id/key-dates", { schema: { body: keyDateBody }, config: onCase("update") }, (req) =>
    createKeyDate(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
  app.patch<Id & { Body: KeyDateChange }>("/key-dates/:id", { schema: { body: keyDateChange }, config: onKeyDate }, (req) =>
    updateKeyDate(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
  app.post<Id & { Body: { version: number } }>("/key-dates/:id/confirm", { schema: { body: confirmBody }, config: onKeyDate }, (req) =>
    confirmKeyDate(req.ctx, req.params.id, req.body.version).then((row) => titledIn(row, req.ctx.lang)),
  );
  app.post<Id & { Body: { status: "open" | "done" | "void"; reason?: string; version: number } }>(
    "/key-dates/:id/status",
    { schema: { body: statusBody }, config: onKeyDate },
    (req) => setKeyDateStatus(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
}
