import { inArray } from "drizzle-orm";

import { files } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * The names of a record's files, for whoever may read the record: a seal's custodian stamps a
 * document by its name ("起诉状.pdf"), not "file 1", without holding rights on Documents.
 */
export const fileNamesOf = async (
  ctx: RequestCtx,
  ids: unknown,
): Promise<Record<string, string>> => {
  const list = Array.isArray(ids) ? ids.filter((v): v is string => typeof v === "string") : [];
  if (list.length === 0) return {};
  const rows = await ctx.db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(inWorkspace(ctx, files, inArray(files.id, list)));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
};
