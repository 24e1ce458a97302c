import type { FastifyInstance } from "fastify";

import type { ResourceRegistry } from "../../schema-engine";
import { submitOnce } from "../workflow";
import {
  createEquityEdge,
  deleteEquityEdge,
  type EdgeInput,
  findEquityRelated,
  getEquityGraph,
} from "./equity-service";
import { submitAccountChanges } from "./pending";
import { edgeBody, relatedQuery, submitBody } from "./schemas";

const SUBJECT = "LAWFIRM_CUSTOMER_VIEW" as const;

/** Registered in app.ts with `{ prefix: "/api", registry }`, beside the generic /api/accounts routes. */
export async function accountsRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  const account = (action: "read" | "update") => ({
    permission: [action, SUBJECT] as [typeof action, typeof SUBJECT],
    tenantTable: "accounts",
  });

  app.get<{ Params: { id: string } }>("/accounts/:id/equity", { config: account("read") }, (req) =>
    getEquityGraph(req.ctx, req.params.id),
  );
  app.get<{ Params: { id: string }; Querystring: { tiers: number; minShare: number } }>(
    "/accounts/:id/equity-related",
    { schema: { querystring: relatedQuery }, config: account("read") },
    (req) => findEquityRelated(req.ctx, req.params.id, req.query),
  );
  app.post<{ Params: { id: string }; Body: { changes: Record<string, unknown>; version: number } }>(
    "/accounts/:id/submit-changes",
    { schema: { body: submitBody }, config: account("update") },
    (req) =>
      submitOnce(req, (ctx) =>
        submitAccountChanges(ctx, opts.registry, req.params.id, req.body.changes, req.body.version),
      ),
  );
  app.post<{ Body: EdgeInput }>(
    "/equity-edges",
    { schema: { body: edgeBody }, config: { permission: ["update", SUBJECT] } },
    (req) => createEquityEdge(req.ctx, req.body),
  );
  app.delete<{ Params: { id: string } }>(
    "/equity-edges/:id",
    { config: { permission: ["update", SUBJECT], tenantTable: "equity_edges" } },
    (req) => deleteEquityEdge(req.ctx, req.params.id),
  );
}
