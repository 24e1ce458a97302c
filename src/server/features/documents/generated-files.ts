import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { files, fileVersions } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { isUniqueViolation, lockBodiesShared, lockWorkspaceBytes, nameTaken } from "./common";
import { getFileRow } from "./files-service";
import type { BlobStore } from "./storage/blob-store";
import { assertQuota } from "./upload";

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A live file's current bytes, with the hash recorded when they were stored. */
export const readFileBytes = async (ctx: RequestCtx, store: BlobStore, fileId: string) => {
  const file = await getFileRow(ctx, fileId);
  const [version] = await ctx.db
    .select()
    .from(fileVersions)
    .where(
      inWorkspace(
        ctx,
        fileVersions,
        and(eq(fileVersions.fileId, fileId), eq(fileVersions.versionNo, file.currentVersion)),
      ),
    );
  if (!version) throw new AppError(404, "errors.documents.fileNotFound");
  const bytes = await readAll(await store.open(version.storageKey));
  return { file, name: version.name, mime: version.mime, sha256: version.sha256, bytes };
};

/**
 * Bytes the server made (a sealed contract, a report) become a Documents file in `folderId`:
 * the body committed and the rows written in the caller's transaction, as an upload would. A
 * taken name gets " (2)", " (3)"… before its extension.
 */
export const storeGeneratedFile = async (
  ctx: RequestCtx,
  store: BlobStore,
  input: { folderId: string | null; name: string; mime: string; quotaBytes: number } & (
    | { bytes: Buffer }
    // A body on disk (a merged archive volume) is streamed into the store, never read whole.
    | { path: string }
  ),
) => {
  await lockWorkspaceBytes(ctx.db, ctx.workspaceId);
  await lockBodiesShared(ctx.db);
  const size = "bytes" in input ? input.bytes.length : (await stat(input.path)).size;
  await assertQuota(ctx, ctx.db, size, input.quotaBytes);
  const staged = await store.stage(
    "bytes" in input ? Readable.from([input.bytes]) : createReadStream(input.path),
  );
  try {
    const dot = input.name.lastIndexOf(".");
    const [stem, ext] =
      dot > 0 ? [input.name.slice(0, dot), input.name.slice(dot)] : [input.name, ""];
    for (let n = 1; n <= 50; n += 1) {
      const name = n === 1 ? input.name : `${stem} (${n})${ext}`;
      const inserted = await ctx.db
        .transaction(async (sp) =>
          sp
            .insert(files)
            .values({
              workspaceId: ctx.workspaceId,
              folderId: input.folderId,
              name,
              size: staged.size,
              mime: input.mime,
              sha256: staged.sha256,
              createdBy: ctx.userId,
              updatedBy: ctx.userId,
            })
            .returning(),
        )
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return undefined;
          throw err;
        });
      if (!inserted) continue;
      const [file] = inserted;
      const storageKey = await staged.commit();
      await ctx.db.insert(fileVersions).values({
        workspaceId: ctx.workspaceId,
        fileId: file.id,
        versionNo: 1,
        name,
        size: staged.size,
        mime: input.mime,
        sha256: staged.sha256,
        storageKey,
        createdBy: ctx.userId,
      });
      await writeAudit(ctx.db, ctx, {
        action: "create",
        entity: "files",
        entityId: file.id,
        after: file,
      });
      return file;
    }
    throw nameTaken(input.name);
  } catch (err) {
    await staged.discard().catch(() => undefined);
    throw err;
  }
};
