import type { FastifyBaseLogger } from "fastify";

import type { Db } from "../db/client";
import { buildAbility } from "../lib/ability";
import type { AppRegistries, RequestCtx } from "../lib/request-ctx";
import { createRowOwnerRegistry } from "../lib/row-owners";

const quiet = {
  level: "silent",
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
} as unknown as FastifyBaseLogger;

/**
 * A service context for the seed: a member of the firm with every right, on the seed's
 * transaction, so demo history is written by the same services a request would use (share lines
 * split by the fee-sharing rules, months closed by the period close) rather than forged rows.
 */
export const seedCtx = (db: Db, workspaceId: string, userId: string): RequestCtx => ({
  userId,
  workspaceId,
  sessionId: "seed",
  db,
  ability: buildAbility([{ action: "manage", subject: "all" }]),
  rules: [{ action: "manage", subject: "all" }],
  lang: "zh-CN",
  ip: "127.0.0.1",
  log: quiet,
  // The seed runs before any plugin registers: the services it calls need no registry but the
  // row owners, and one asked for anything else fails loudly rather than act on a stand-in.
  app: { rowOwners: createRowOwnerRegistry() } as AppRegistries,
});
