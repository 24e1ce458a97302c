import type { FastifyInstance } from "fastify";

import { applySealRequest, closeSealRequest, SEAL_REF } from "./requests";

const idOf = (ref: string) =>
  ref.startsWith(`${SEAL_REF}:`) ? ref.slice(SEAL_REF.length + 1) : "";

/** Seal approvals: accepted → stamped (logged) or taken out; rejected / cancelled → said so, files released. */
export const registerSealEffects = (app: FastifyInstance) => {
  app.workflow.registerEffect("seal", {
    onComplete: async (ctx, instance) => {
      if (idOf(instance.businessRef))
        await applySealRequest(ctx, idOf(instance.businessRef), instance);
    },
    onReject: async (ctx, instance) => {
      if (idOf(instance.businessRef))
        await closeSealRequest("rejected")(ctx, idOf(instance.businessRef));
    },
    onCancel: async (ctx, instance) => {
      if (idOf(instance.businessRef))
        await closeSealRequest("cancelled")(ctx, idOf(instance.businessRef));
    },
  });
};
