import { once } from "node:events";

import { ZipArchive } from "archiver";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";

import { AppError } from "../../../shared/errors";
import { files, fileVersions } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { formatBytes } from "./common";
import { contentDisposition } from "./download";
import { folderSubtree, getFolder } from "./folders-service";
import type { DocumentsDeps } from "./deps";
import type { BlobStore } from "./storage/blob-store";

export type ZipPlan = {
  folderName: string;
  entries: { path: string; key: string; size: number; updatedAt: Date }[];
  totalBytes: number;
};

/**
 * What a folder download holds: the caller's own live files in the folder and below it,
 * refused before a byte is sent when they add up to more than maxBytes, or when a sealed file
 * among them no longer has the bytes it was sealed with.
 */
export const planFolderZip = async (
  ctx: RequestCtx,
  deps: Pick<DocumentsDeps, "store" | "checks" | "zipMaxBytes">,
  folderId: string,
): Promise<ZipPlan> => {
  const { store, zipMaxBytes: maxBytes } = deps;
  const folder = await getFolder(ctx, folderId);
  const subtree = await folderSubtree(ctx, folderId);
  const pathOf = new Map(subtree.map((f) => [f.id, f.path]));
  const rows = await ctx.db
    .select({
      id: files.id,
      folderId: files.folderId,
      name: files.name,
      size: files.size,
      updatedAt: files.updatedAt,
      key: fileVersions.storageKey,
    })
    .from(files)
    .innerJoin(
      fileVersions,
      and(
        eq(fileVersions.workspaceId, files.workspaceId),
        eq(fileVersions.fileId, files.id),
        eq(fileVersions.versionNo, files.currentVersion),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        files,
        isNull(files.deletedAt),
        eq(files.createdBy, ctx.userId),
        sql`${files.folderId} in (${sql.join(
          subtree.map((f) => sql`${f.id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  const totalBytes = rows.reduce((sum, r) => sum + r.size, 0);
  if (totalBytes > maxBytes) {
    throw new AppError(413, "errors.documents.zipTooLarge", {
      params: { name: folder.name, size: formatBytes(totalBytes), limit: formatBytes(maxBytes) },
    });
  }
  if (rows.length === 0)
    throw new AppError(404, "errors.documents.zipEmpty", { params: { name: folder.name } });
  await deps.checks.assertServable(
    ctx.db,
    ctx.workspaceId,
    rows.map((r) => ({ fileId: r.id, open: () => store.open(r.key) })),
  );
  const entries = rows.map((r) => ({
    path: `${pathOf.get(r.folderId ?? "") ?? ""}${r.name}`,
    key: r.key,
    size: r.size,
    updatedAt: r.updatedAt,
  }));
  return { folderName: folder.name, entries, totalBytes };
};

/**
 * Streams the zip while reading one body at a time, so memory and open files stay flat however
 * many files the folder holds. Stored, not deflated: most law-firm files (PDF, DOCX, JPEG) are
 * compressed already and deflating them again only costs CPU.
 */
export const sendFolderZip = (reply: FastifyReply, store: BlobStore, plan: ZipPlan) => {
  const archive = new ZipArchive({ store: true });
  reply
    .header("content-type", "application/zip")
    .header("content-disposition", contentDisposition(`${plan.folderName}.zip`))
    .header("cache-control", "private, no-store");
  const feed = async () => {
    for (const entry of plan.entries) {
      const body = await store.open(entry.key);
      const added = once(archive, "entry");
      archive.append(body, { name: entry.path, date: entry.updatedAt });
      await added;
    }
    await archive.finalize();
  };
  feed().catch((err: unknown) => {
    reply.log.error({ err }, "folder zip failed");
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(archive);
};
