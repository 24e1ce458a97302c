import type { FastifyInstance } from "fastify";

import type {
  KeyDateChange,
  KeyDateInput,
  KeyDateStatusChange,
} from "../../../shared/contracts/deadlines";
import { listRules, loadDeadlineTypes, titledIn } from "./data";
import { updateKeyDate } from "./edit-key-date";
import { holidayYears } from "./holiday-years";
import { findKeyDates, type KeyDateListQuery } from "./key-date-list";
import {
  confirmKeyDate,
  createKeyDate,
  listCaseKeyDates,
  previewDeadline,
  setKeyDateStatus,
} from "./key-dates";
import {
  confirmBody,
  keyDateAnswer,
  keyDateBody,
  keyDateChange,
  keyDateListAnswer,
  keyDateListQuery,
  keyDateRowsAnswer,
  previewAnswer,
  previewBody,
  ruleListAnswer,
  statusBody,
  typeListAnswer,
} from "./schemas";

const SUBJECT = "LAWFIRM_CASE_VIEW" as const;

type Id = { Params: { id: string } };

/** Registered by the deadlines plugin under /api. */
export async function deadlinesRoutes(app: FastifyInstance) {
  const onCase = (action: "read" | "update") => ({
    permission: [action, SUBJECT] as [typeof action, typeof SUBJECT],
    tenantTable: "cases",
  });
  const onKeyDate = {
    permission: ["update", SUBJECT] as ["update", typeof SUBJECT],
    tenantTable: "key_dates",
  };

  app.get(
    "/deadline-types",
    { schema: { response: typeListAnswer }, config: { permission: "member" } },
    async (req) => [...(await loadDeadlineTypes(req.ctx)).values()],
  );
  // Every member entering a deadline picks a rule; editing them is Settings → Deadline rules.
  app.get(
    "/key-date-rules",
    { schema: { response: ruleListAnswer }, config: { permission: "member" } },
    (req) => listRules(req.ctx),
  );
  app.get("/holiday-years", { config: { permission: "member" } }, (req) => holidayYears(req.ctx));
  app.post<{ Body: { ruleCode: string; triggerDate: string } }>(
    "/key-dates/preview",
    { schema: { body: previewBody, response: previewAnswer }, config: { permission: "member" } },
    (req) => previewDeadline(req.ctx, req.body.ruleCode, req.body.triggerDate),
  );
  // The firm's key dates the caller may read: the list behind a report's deadline figures.
  app.get<{ Querystring: KeyDateListQuery }>(
    "/key-dates",
    {
      schema: { querystring: keyDateListQuery, response: keyDateRowsAnswer },
      config: { permission: ["read", SUBJECT] as ["read", typeof SUBJECT] },
    },
    async (req, reply) => {
      const { rows, total } = await findKeyDates(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.get<Id>(
    "/cases/:id/key-dates",
    { schema: { response: keyDateListAnswer }, config: onCase("read") },
    (req) => listCaseKeyDates(req.ctx, req.params.id),
  );
  app.post<Id & { Body: KeyDateInput }>(
    "/cases/:id/key-dates",
    { schema: { body: keyDateBody, response: keyDateAnswer }, config: onCase("update") },
    (req) =>
      createKeyDate(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
  app.patch<Id & { Body: KeyDateChange }>(
    "/key-dates/:id",
    { schema: { body: keyDateChange, response: keyDateAnswer }, config: onKeyDate },
    (req) =>
      updateKeyDate(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
  app.post<Id & { Body: { version: number } }>(
    "/key-dates/:id/confirm",
    { schema: { body: confirmBody, response: keyDateAnswer }, config: onKeyDate },
    (req) =>
      confirmKeyDate(req.ctx, req.params.id, req.body.version).then((row) =>
        titledIn(row, req.ctx.lang),
      ),
  );
  app.post<Id & { Body: KeyDateStatusChange }>(
    "/key-dates/:id/status",
    { schema: { body: statusBody, response: keyDateAnswer }, config: onKeyDate },
    (req) =>
      setKeyDateStatus(req.ctx, req.params.id, req.body).then((row) => titledIn(row, req.ctx.lang)),
  );
}
