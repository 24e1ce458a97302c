import { eq, inArray, isNull, ne, or } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { fileLocks, files } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { updateFile } from "../documents";

const idsOf = (value: unknown) => [
  ...new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []),
];

/** "起诉状.pdf" → "起诉状 (2).pdf": the next free name when the case folder already holds one. */
const numbered = (name: string, n: number) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
};

/**
 * Files a case names that it did not hold yet (the filing's uploads, a file added by an edit) move
 * into the case's documents folder, so its Documents tab lists what its detail lists. Files it
 * already held stay where a colleague may have filed them since. A name the folder already has
 * gets the next number rather than failing the case's approval.
 */
export const fileIntoCaseFolder = async (
  ctx: RequestCtx,
  caseId: string,
  folderId: unknown,
  fileIds: unknown,
) => {
  const wanted = idsOf(fileIds);
  if (typeof folderId !== "string" || wanted.length === 0) return;
  const held = await ctx.db
    .select({ fileId: fileLocks.fileId })
    .from(fileLocks)
    .where(
      inWorkspace(ctx, fileLocks, eq(fileLocks.entity, "cases"), eq(fileLocks.entityId, caseId)),
    );
  const heldIds = new Set(held.map((h) => h.fileId));
  const fresh = wanted.filter((id) => !heldIds.has(id));
  if (fresh.length === 0) return;
  const elsewhere = await ctx.db
    .select({ id: files.id, name: files.name, version: files.version })
    .from(files)
    .where(
      inWorkspace(
        ctx,
        files,
        inArray(files.id, fresh),
        isNull(files.deletedAt),
        or(isNull(files.folderId), ne(files.folderId, folderId)),
      ),
    );
  for (const file of elsewhere) {
    for (let n = 1; ; n++) {
      try {
        await updateFile(ctx, file.id, {
          folderId,
          version: file.version,
          ...(n > 1 ? { name: numbered(file.name, n) } : {}),
        });
        break;
      } catch (err) {
        if (!(err instanceof AppError && err.message === "errors.documents.nameTaken") || n >= 50)
          throw err;
      }
    }
  }
};
