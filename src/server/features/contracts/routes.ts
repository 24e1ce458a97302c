import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { ResourceRegistry } from "../../schema-engine";
import { getInstanceDetail } from "../workflow";
import { submitOnce } from "../workflow";
import {
  type ArchiveInput,
  requestArchive,
  requestVoid,
  type TransitionInput,
  transitionContract,
  type VoidInput,
} from "./lifecycle";
import { previewNumber } from "./numbering";
import { contractApprovals, contractFiles, contractHistory, sealUsagesOf } from "./queries";
import { archiveBody, submitBody, transitionBody, voidBody } from "./schemas";
import { type ContractSubmitInput, getContractSubmission, submitContract } from "./submit";

const SUBJECT = "LAWFIRM_CONTRACT_VIEW" as const;

type Id = { Params: { id: string } };

/** Archive, void and signing moves need the right to start contract work, on a contract one may read. */
const assertMayAct = (req: FastifyRequest) => {
  if (!req.ctx.ability.can("create", SUBJECT)) throw new AppError(403, "errors.forbidden");
};

/** Registered by the contracts plugin under /api, beside the generic /api/contracts… routes. */
export async function contractsRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  const onContract = {
    permission: ["read", SUBJECT] as ["read", typeof SUBJECT],
    tenantTable: "contracts",
  };

  app.post<{ Body: ContractSubmitInput }>(
    "/contract-submissions",
    { schema: { body: submitBody }, config: { permission: ["create", SUBJECT] } },
    (req) => submitOnce(req, (ctx) => submitContract(ctx, opts.registry, req.body)),
  );
  // Whoever may open the approval may read what it proposes.
  app.get<Id>(
    "/contract-submissions/:id",
    { config: { permission: "member", tenantTable: "workflow_instances" } },
    async (req) => {
      await getInstanceDetail(req.ctx, req.params.id);
      return getContractSubmission(req.ctx, req.params.id);
    },
  );
  app.get(
    "/contract-number-preview",
    { config: { permission: ["create", SUBJECT] } },
    async (req) => ({ contractNo: await previewNumber(req.ctx, "contract") }),
  );
  app.get<Id>("/contracts/:id/approvals", { config: onContract }, (req) =>
    contractApprovals(req.ctx, req.params.id),
  );
  app.get<Id>("/contracts/:id/files", { config: onContract }, (req) =>
    contractFiles(req.ctx, req.params.id),
  );
  app.get<Id>("/contracts/:id/history", { config: onContract }, (req) =>
    contractHistory(req.ctx, req.params.id),
  );
  app.get<Id>("/contracts/:id/seal-usages", { config: onContract }, (req) =>
    sealUsagesOf(req.ctx, { entity: "contracts", entityId: req.params.id }),
  );
  app.post<Id & { Body: ArchiveInput }>(
    "/contracts/:id/archive",
    { schema: { body: archiveBody }, config: onContract },
    (req) => {
      assertMayAct(req);
      return submitOnce(req, (ctx) => requestArchive(ctx, req.params.id, req.body));
    },
  );
  app.post<Id & { Body: VoidInput }>(
    "/contracts/:id/void",
    { schema: { body: voidBody }, config: onContract },
    (req) => {
      assertMayAct(req);
      return submitOnce(req, (ctx) => requestVoid(ctx, req.params.id, req.body));
    },
  );
  app.post<Id & { Body: TransitionInput }>(
    "/contracts/:id/transition",
    { schema: { body: transitionBody }, config: onContract },
    (req) => {
      assertMayAct(req);
      return transitionContract(req.ctx, req.params.id, req.body);
    },
  );
}
