import type { FastifyInstance } from "fastify";

import type { ResourceRegistry } from "../../schema-engine";
import { submitOnce } from "../workflow";
import { attachLeadReport, checkLeadConflicts } from "./conflict";
import { convertLead } from "./convert";
import { idParams, reportBody, statsQuery } from "./schemas";
import { type IntakeStatsQuery, intakeStats } from "./stats";

const SUBJECT = "LAWFIRM_LEAD_VIEW" as const;

type Id = { Params: { id: string } };

/** Registered by the intake plugin under /api, beside the generic /api/leads routes. */
export async function intakeRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  const onLead = {
    permission: ["update", SUBJECT] as ["update", typeof SUBJECT],
    tenantTable: "leads",
  };

  app.post<Id>(
    "/leads/:id/conflict-check",
    { schema: { params: idParams }, config: onLead },
    (req) => checkLeadConflicts(req.ctx, req.params.id),
  );
  app.put<Id & { Body: { reportId: string } }>(
    "/leads/:id/conflict-report",
    { schema: { params: idParams, body: reportBody }, config: onLead },
    (req) => attachLeadReport(req.ctx, req.params.id, req.body.reportId),
  );
  // A conversion may make a client: a retried click under the same Idempotency-Key makes one.
  app.post<Id>("/leads/:id/convert", { schema: { params: idParams }, config: onLead }, (req) =>
    submitOnce(req, (ctx) => convertLead(ctx, opts.registry, req.params.id)),
  );
  app.get<{ Querystring: IntakeStatsQuery }>(
    "/intake/stats",
    { schema: { querystring: statsQuery }, config: { permission: ["read", SUBJECT] } },
    (req) => intakeStats(req.ctx, req.query),
  );
}
