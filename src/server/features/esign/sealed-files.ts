import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

import { and, eq, inArray } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { esignRequests, fileLocks } from "../../db/tables";

/** The files a signing holds (the PDF being signed, the sealed result) are locked under this entity. */
export const LOCK_ENTITY = "esign_requests";

/**
 * The hash recorded when `fileId` was sealed, or null when it is not a sealed file. The file lock
 * (indexed by file) finds the few requests to look at, so an ordinary download costs one probe.
 */
export const sealedHashOf = async (db: Db, workspaceId: string, fileId: string) => {
  const locks = await db
    .select({ requestId: fileLocks.entityId })
    .from(fileLocks)
    .where(and(eq(fileLocks.workspaceId, workspaceId), eq(fileLocks.fileId, fileId), eq(fileLocks.entity, LOCK_ENTITY)));
  if (locks.length === 0) return null;
  const ids = locks.map((l) => l.requestId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return null;
  const [row] = await db
    .select({ sha256: esignRequests.sealedSha256 })
    .from(esignRequests)
    .where(and(eq(esignRequests.workspaceId, workspaceId), inArray(esignRequests.id, ids), eq(esignRequests.sealedFileId, fileId)));
  return row?.sha256 ?? null;
};

const hashStream = async (stream: Readable) => {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
};

/**
 * Every download of a sealed file, whatever the route, re-hashes the stored body first: bytes
 * changed on disk (or a version row edited to match them) are refused, never served as sealed.
 */
export const assertSealedIntact = async (db: Db, workspaceId: string, fileId: string, open: () => Promise<Readable>) => {
  const expected = await sealedHashOf(db, workspaceId, fileId);
  if (expected && (await hashStream(await open())) !== expected) throw new AppError(409, "esign.errors.sealedAltered");
};
