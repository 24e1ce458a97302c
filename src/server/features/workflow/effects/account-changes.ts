import type { FastifyInstance } from "fastify";

import type { Db } from "../../../db/client";
import type { RequestCtx } from "../../../lib/request-ctx";
import { buildAbility } from "../../../plugins/auth";
import { resolveAccountChanges } from "../../accounts";
import { ACCOUNT_CHANGE_REF } from "../../accounts";
import { type EffectInstance, registerBusinessEffect } from "../registry";


/**
 * Client information changes wait for approval (accounts/pending.ts keeps them aside and locks
 * the client). Approval applies them, rejection or cancellation drops them, all inside the
 * workflow action's transaction: if applying fails, the accept is rolled back with its error.
 */
export const registerAccountChangeEffect = (app: FastifyInstance) => {
  const run = (approved: boolean) => async (tx: Db, instance: EffectInstance) => {
    const accountId = instance.businessRef.slice(ACCOUNT_CHANGE_REF.length + 1);
    const ctx: RequestCtx = {
      userId: instance.actorId,
      workspaceId: instance.workspaceId,
      sessionId: "",
      db: tx,
      ability: buildAbility([]),
      rules: [],
      lang: "zh-CN",
      ip: "",
      log: app.log,
    };
    await resolveAccountChanges(ctx, app.resources, accountId, approved);
  };
  registerBusinessEffect(`general:${ACCOUNT_CHANGE_REF}`, { onComplete: run(true), onReject: run(false), onCancel: run(false) });
};
