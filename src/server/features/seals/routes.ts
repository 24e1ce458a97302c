import type { FastifyInstance } from "fastify";
import { and, asc, eq } from "drizzle-orm";

import { seals } from "../../db/tables";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { sealUsagesOf } from "../contracts";
import { submitOnce } from "../workflow";
import { returnSeal, type SealSubmitInput, submitSealRequest } from "./requests";
import { sealRequestFiles } from "./files";
import { submitBody, versionBody } from "./schemas";

const SUBJECT = "LAWFIRM_SEAL_VIEW" as const;

type Id = { Params: { id: string } };

/** Registered by the seals plugin under /api, beside the generic /api/seals and /api/seal-requests routes. */
export async function sealsRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  const onRequest = {
    permission: ["read", SUBJECT] as ["read", typeof SUBJECT],
    tenantTable: "seal_requests",
  };

  app.post<{ Body: SealSubmitInput }>(
    "/seal-request-submissions",
    { schema: { body: submitBody }, config: { permission: ["create", SUBJECT] } },
    (req) => submitOnce(req, (ctx) => submitSealRequest(ctx, opts.registry, req.body)),
  );
  app.post<Id & { Body: { version: number } }>(
    "/seal-requests/:id/return",
    { schema: { body: versionBody }, config: onRequest },
    (req) => returnSeal(req.ctx, req.params.id, req.body),
  );
  // The request's files by name with their copies, for the custodian who holds no Documents rights.
  app.get<Id>("/seal-requests/:id/files", { config: onRequest }, (req) =>
    sealRequestFiles(req.ctx, req.params.id),
  );
  app.get<Id>("/seal-requests/:id/usages", { config: onRequest }, (req) =>
    sealUsagesOf(req.ctx, { entity: "seal_requests", entityId: req.params.id }),
  );
  // The seals a form may pick: every member sees the firm's seals in use (the registry itself is for admins).
  app.get("/seal-options", { config: { permission: "member" } }, (req) =>
    req.ctx.db
      .select({
        id: seals.id,
        name: seals.name,
        sealType: seals.sealType,
        sealingFirm: seals.sealingFirm,
        custodianId: seals.custodianId,
      })
      .from(seals)
      .where(and(inWorkspace(req.ctx, seals), eq(seals.sealStatus, "active")))
      .orderBy(asc(seals.sealingFirm), asc(seals.name)),
  );
  app.get<Id>(
    "/seals/:id/usages",
    { config: { permission: ["read", "ORG_DICTIONARY"], tenantTable: "seals" } },
    (req) => sealUsagesOf(req.ctx, { sealId: req.params.id }),
  );
}
