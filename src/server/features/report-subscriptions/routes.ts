import type { FastifyInstance } from "fastify";

import type {
  ReportSubscriptionInput,
  ReportSubscriptionPatch,
} from "../../../shared/contracts/report-subscriptions";
import { REPORT_SUBJECT } from "../reports";
import { submitOnce } from "../workflow";
import { createBody, idParams, patchBody } from "./schemas";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from "./service";

type Id = { Params: { id: string } };

/**
 * /api/report-subscriptions: the caller's own subscriptions. Reading reports is the right they
 * need; which reports and scopes they may subscribe to is checked per request (reports' scope
 * rules), and again at every send.
 */
export async function reportSubscriptionsRoutes(app: FastifyInstance) {
  const read = { permission: ["read", REPORT_SUBJECT] as ["read", typeof REPORT_SUBJECT] };
  const one = { ...read, tenantTable: "report_subscriptions" };
  app.get("/report-subscriptions", { config: read }, (req) => listSubscriptions(req.ctx));
  // A double click or a retried request under one Idempotency-Key subscribes once.
  app.post<{ Body: ReportSubscriptionInput }>(
    "/report-subscriptions",
    { schema: { body: createBody }, config: read },
    (req) => submitOnce(req, (ctx) => createSubscription(ctx, app.reports, req.body)),
  );
  app.patch<Id & { Body: ReportSubscriptionPatch }>(
    "/report-subscriptions/:id",
    { schema: { params: idParams, body: patchBody }, config: one },
    (req) => updateSubscription(req.ctx, app.reports, req.params.id, req.body),
  );
  app.delete<Id>(
    "/report-subscriptions/:id",
    { schema: { params: idParams }, config: one },
    (req) => deleteSubscription(req.ctx, req.params.id),
  );
}
