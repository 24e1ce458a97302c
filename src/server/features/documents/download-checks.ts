import type { Readable } from "node:stream";

import type { Db } from "../../db/client";

/** A stored body about to be served, opened only if a check needs its bytes. */
export type BodyToServe = { fileId: string; open: () => Promise<Readable> };

/**
 * Refuses (throws an AppError) when one of the bodies must not be served: e-signing refuses a
 * sealed file whose bytes no longer match the hash it was sealed with.
 */
export type DownloadCheck = (db: Db, workspaceId: string, bodies: BodyToServe[]) => Promise<void>;

/**
 * What runs before Documents serves any body, one file or a folder's zip (`app.downloadChecks`):
 * features that vouch for some files register a check from their plugin, so Documents never
 * calls them.
 */
export type DownloadChecks = {
  register: (check: DownloadCheck) => void;
  assertServable: DownloadCheck;
};

declare module "fastify" {
  interface FastifyInstance {
    downloadChecks: DownloadChecks;
  }
}

export const createDownloadChecks = (): DownloadChecks => {
  const checks: DownloadCheck[] = [];
  return {
    register: (check) => {
      checks.push(check);
    },
    assertServable: async (db, workspaceId, bodies) => {
      for (const check of checks) await check(db, workspaceId, bodies);
    },
  };
};
