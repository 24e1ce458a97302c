import { and, eq } from "drizzle-orm";

import { fileLocks } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { attachFile, detachFile, lockFile, unlockFile } from "../documents";

/** The lock entity of a case filing's files while its opening approval runs (effects.ts releases them). */
export const CASE_SUBMISSION = "case_submissions";
/** The lock entity of files a case change adds while its approval runs (keyed by the case id). */
export const CASE_CHANGE = "case_changes";

const idsOf = (value: unknown) => [
  ...new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []),
];

/**
 * The files a record names (a case's attachments, a payment's receipt) are attached to it and
 * locked against deletion in Documents; files it no longer names are released. Another firm's or
 * a missing file id is a 404, inside the write's transaction, so nothing is saved.
 */
export const syncRecordFiles = async (
  ctx: RequestCtx,
  entity: string,
  entityId: string,
  label: string,
  fileIds: unknown,
) => {
  const wanted = idsOf(fileIds);
  const held = await ctx.db
    .select({ fileId: fileLocks.fileId })
    .from(fileLocks)
    .where(
      and(
        inWorkspace(ctx, fileLocks),
        eq(fileLocks.entity, entity),
        eq(fileLocks.entityId, entityId),
      ),
    );
  const heldIds = new Set(held.map((h) => h.fileId));
  for (const fileId of wanted) {
    if (heldIds.has(fileId)) continue;
    await attachFile(ctx, { entity, entityId, fileId });
    await lockFile(ctx, { entity, entityId, fileId, label });
  }
  for (const fileId of heldIds) {
    if (wanted.includes(fileId)) continue;
    await unlockFile(ctx, { entity, entityId, fileId });
    await detachFile(ctx, { entity, entityId, fileId });
  }
};
