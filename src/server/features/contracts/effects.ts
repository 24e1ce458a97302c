import type { FastifyInstance } from "fastify";

import type { Db } from "../../db/client";
import type { RequestCtx } from "../../lib/request-ctx";
import { effectCtx } from "../workflow";
import { type EffectInstance, registerBusinessEffect } from "../workflow";
import { applyArchive, applyVoid, dropRequest } from "./lifecycle";
import { refId } from "./status";
import { dropSubmission, openContract } from "./submit";

type Hook = (tx: Db, instance: EffectInstance) => Promise<void>;

/**
 * Contract approvals make the contract when accepted; archive and void approvals apply to it.
 * Rejected or cancelled ones leave nothing (files they locked are released). All run inside the
 * approval's transaction: a refusal (a late archive) rolls the accept back with its message.
 * A flow started by hand from the approval centre has no business reference: nothing to apply.
 */
export const registerContractEffects = (app: FastifyInstance) => {
  const on = (what: "new" | "archive" | "cancel", apply: (ctx: RequestCtx, id: string, instance: EffectInstance) => Promise<unknown>): Hook =>
    async (tx, instance) => {
      const id = refId(instance.businessRef, what);
      if (id) await apply(effectCtx(app, tx, instance), id, instance);
    };
  registerBusinessEffect("contract", {
    onComplete: on("new", (ctx, id, instance) => openContract(ctx, app.resources, id, instance)),
    onReject: on("new", dropSubmission),
    onCancel: on("new", dropSubmission),
  });
  registerBusinessEffect("contract-archive", {
    onComplete: on("archive", (ctx, id) => applyArchive(ctx, id)),
    onReject: on("archive", dropRequest),
    onCancel: on("archive", dropRequest),
  });
  registerBusinessEffect("contract-cancel", {
    onComplete: on("cancel", (ctx, id) => applyVoid(ctx, id)),
    onReject: on("cancel", dropRequest),
    onCancel: on("cancel", dropRequest),
  });
};
