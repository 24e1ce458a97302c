import type { MongoAbility } from "@casl/ability";
import type { FastifyBaseLogger } from "fastify";

import type { Language } from "../../shared/i18n-config";
import type { PermissionRule } from "../../shared/permissions";
import type { Db } from "../db/client";

/** What every service receives first: who is asking, for which firm, on which connection. */
export type RequestCtx = {
  userId: string;
  workspaceId: string;
  sessionId: string;
  db: Db;
  ability: MongoAbility;
  rules: PermissionRule[];
  lang: Language;
  ip: string;
  log: FastifyBaseLogger;
};

/** The same context bound to a transaction, so nested services join it. */
export const withDb = (ctx: RequestCtx, db: Db): RequestCtx => ({ ...ctx, db });
