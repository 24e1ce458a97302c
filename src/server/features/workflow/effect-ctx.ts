import type { FastifyInstance } from "fastify";

import { ADMIN_RULES } from "../../../shared/permissions";
import type { Db } from "../../db/client";
import type { RequestCtx } from "../../lib/request-ctx";
import { buildAbility } from "../../plugins/auth";
import type { EffectInstance } from "./registry";

/** A service context for a business effect: the firm of the approval, the actor who finished it. */
export const effectCtx = (app: FastifyInstance, tx: Db, instance: EffectInstance): RequestCtx => ({
  userId: instance.actorId,
  workspaceId: instance.workspaceId,
  sessionId: "",
  db: tx,
  // The approval decided; what it applies is checked as the firm would, not as the last actor sees it.
  ability: buildAbility(ADMIN_RULES),
  rules: ADMIN_RULES,
  lang: "zh-CN",
  ip: "",
  log: app.log,
});
