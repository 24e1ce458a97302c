import type { FastifyInstance } from "fastify";

import type { EffectHook } from "../workflow";
import { resolveAccountChanges } from "./pending";
import { ACCOUNT_CHANGE_REF } from "./status";

/**
 * Client information changes wait for approval (pending.ts keeps them aside and locks the
 * client). Approval applies them, rejection or cancellation drops them, all inside the workflow
 * action's transaction: if applying fails, the accept is rolled back with its error. They run
 * on a general flow, so the effect is registered for that kind's "accounts:" references only.
 */
export const registerAccountChangeEffect = (app: FastifyInstance) => {
  const run =
    (approved: boolean): EffectHook =>
    async (ctx, instance) => {
      await resolveAccountChanges(
        ctx,
        app.resources,
        instance.businessRef.slice(ACCOUNT_CHANGE_REF.length + 1),
        approved,
      );
    };
  app.workflow.registerEffect(`general:${ACCOUNT_CHANGE_REF}`, {
    onComplete: run(true),
    onReject: run(false),
    onCancel: run(false),
  });
};
