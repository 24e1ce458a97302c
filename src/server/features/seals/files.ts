import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { sealRequests } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { fileNamesOf } from "../contracts";

/** A seal request's files in order: id, name and copies (a name the firm no longer has reads ""). */
export const sealRequestFiles = async (ctx: RequestCtx, id: string) => {
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_SEAL_VIEW", "seal_requests");
  const [row] = await ctx.db
    .select({ files: sealRequests.files })
    .from(sealRequests)
    .where(inWorkspace(ctx, sealRequests, eq(sealRequests.id, id), readable));
  if (!row) throw new AppError(404, "errors.notFound");
  const names = await fileNamesOf(
    ctx,
    row.files.map((f) => f.fileId),
  );
  return row.files.map((f) => ({
    fileId: f.fileId,
    name: names[f.fileId] ?? "",
    copies: f.copies,
  }));
};
