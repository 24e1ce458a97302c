import type { MongoAbility } from "@casl/ability";
import type { FastifyBaseLogger } from "fastify";

import type { Language } from "../../shared/i18n-config";
import type { PermissionRule } from "../../shared/permissions";
import type { Db } from "../db/client";
import type { RowOwnerRegistry } from "./row-owners";

/**
 * The registries of the app serving the request (each decorated on its Fastify instance) that
 * services look things up in: row owners here; a feature whose services need a registry of its
 * own adds it to this interface by declaration merging (the workflow's business effects).
 */
export interface AppRegistries {
  rowOwners: RowOwnerRegistry;
}

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
  app: AppRegistries;
};

/** The same context bound to a transaction, so nested services join it. */
export const withDb = (ctx: RequestCtx, db: Db): RequestCtx => ({ ...ctx, db });
