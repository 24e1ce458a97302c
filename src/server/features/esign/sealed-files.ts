import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

import { and, eq, inArray } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { esignRequests, fileLocks } from "../../db/tables";

/** The files a signing holds (the PDF being signed, the sealed result) are locked under this entity. */
export const LOCK_ENTITY = "esign_requests";

/**
 * The hashes recorded when these files were sealed, by file id; files that are not sealed files
 * are absent. The file locks (indexed by file) find the few requests to look at, so ordinary
 * downloads cost one probe.
 */
export const sealedHashesOf = async (db: Db, workspaceId: string, fileIds: string[]) => {
  const found = new Map<string, string>();
  if (fileIds.length === 0) return found;
  const locks = await db
    .select({ requestId: fileLocks.entityId })
    .from(fileLocks)
    .where(
      and(
        eq(fileLocks.workspaceId, workspaceId),
        inArray(fileLocks.fileId, fileIds),
        eq(fileLocks.entity, LOCK_ENTITY),
      ),
    );
  const ids = [...new Set(locks.map((l) => l.requestId))].filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  if (ids.length === 0) return found;
  const rows = await db
    .select({ fileId: esignRequests.sealedFileId, sha256: esignRequests.sealedSha256 })
    .from(esignRequests)
    .where(
      and(
        eq(esignRequests.workspaceId, workspaceId),
        inArray(esignRequests.id, ids),
        inArray(esignRequests.sealedFileId, fileIds),
      ),
    );
  for (const r of rows) if (r.fileId && r.sha256) found.set(r.fileId, r.sha256);
  return found;
};

const hashStream = async (stream: Readable) => {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
};

/**
 * Every download of a sealed file, whatever the route (one file, or a folder's zip), re-hashes the
 * stored body first: bytes changed on disk (or a version row edited to match them) are refused,
 * never served as sealed.
 */
export const assertSealedIntact = async (
  db: Db,
  workspaceId: string,
  bodies: { fileId: string; open: () => Promise<Readable> }[],
) => {
  const expected = await sealedHashesOf(
    db,
    workspaceId,
    bodies.map((b) => b.fileId),
  );
  for (const body of bodies) {
    const sha = expected.get(body.fileId);
    if (sha && (await hashStream(await body.open())) !== sha)
      throw new AppError(409, "esign.errors.sealedAltered");
  }
};
