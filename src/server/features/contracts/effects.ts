import type { FastifyInstance } from "fastify";

import type { RequestCtx } from "../../lib/request-ctx";
import type { EffectHook, EffectInstance } from "../workflow";
import { applyArchive, applyVoid, dropRequest } from "./lifecycle";
import { refId } from "./status";
import { dropSubmission, openContract } from "./submit";

/**
 * Contract approvals make the contract when accepted; archive and void approvals apply to it.
 * Rejected or cancelled ones leave nothing (files they locked are released). All run inside the
 * approval's transaction: a refusal (a late archive) rolls the accept back with its message.
 * A flow started by hand from the approval centre has no business reference: nothing to apply.
 */
export const registerContractEffects = (app: FastifyInstance) => {
  const on =
    (
      what: "new" | "archive" | "cancel",
      apply: (ctx: RequestCtx, id: string, instance: EffectInstance) => Promise<unknown>,
    ): EffectHook =>
    async (ctx, instance) => {
      const id = refId(instance.businessRef, what);
      if (id) await apply(ctx, id, instance);
    };
  app.workflow.registerEffect("contract", {
    onComplete: on("new", (ctx, id, instance) => openContract(ctx, app.resources, id, instance)),
    onReject: on("new", dropSubmission),
    onCancel: on("new", dropSubmission),
  });
  app.workflow.registerEffect("contract-archive", {
    onComplete: on("archive", (ctx, id) => applyArchive(ctx, id, app.contractSteps)),
    onReject: on("archive", dropRequest),
    onCancel: on("archive", dropRequest),
  });
  app.workflow.registerEffect("contract-cancel", {
    onComplete: on("cancel", (ctx, id) => applyVoid(ctx, id, app.contractSteps)),
    onReject: on("cancel", dropRequest),
    onCancel: on("cancel", dropRequest),
  });
};
