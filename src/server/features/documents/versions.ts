import { and, desc, eq } from "drizzle-orm";

import type { FileVersion } from "../../../shared/contracts/documents";
import { AppError } from "../../../shared/errors";
import { fileVersions, users } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { getFileRow } from "./files-service";

export const listFileVersions = async (
  ctx: RequestCtx,
  fileId: string,
): Promise<Answer<FileVersion>[]> => {
  await getFileRow(ctx, fileId);
  return ctx.db
    .select({
      id: fileVersions.id,
      versionNo: fileVersions.versionNo,
      name: fileVersions.name,
      size: fileVersions.size,
      mime: fileVersions.mime,
      sha256: fileVersions.sha256,
      createdAt: fileVersions.createdAt,
      createdBy: fileVersions.createdBy,
      uploaderName: users.name,
    })
    .from(fileVersions)
    .leftJoin(users, eq(users.id, fileVersions.createdBy))
    .where(inWorkspace(ctx, fileVersions, eq(fileVersions.fileId, fileId)))
    .orderBy(desc(fileVersions.versionNo));
};

/** The stored body of one version (the current one when versionNo is omitted). */
export const getFileBody = async (ctx: RequestCtx, fileId: string, versionNo?: number) => {
  const file = await getFileRow(ctx, fileId);
  const [version] = await ctx.db
    .select()
    .from(fileVersions)
    .where(
      inWorkspace(
        ctx,
        fileVersions,
        and(
          eq(fileVersions.fileId, fileId),
          eq(fileVersions.versionNo, versionNo ?? file.currentVersion),
        ),
      ),
    );
  if (!version) throw new AppError(404, "errors.documents.versionNotFound");
  return { file, version };
};
