import { sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { checkName, invalidCharsText, visibleName } from "../../../shared/name-rules";
import type { Db } from "../../db/client";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";
import { sqlState } from "../../lib/sql-state";

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The name rules of src/shared/name-rules, as the translated 400 the upload panel shows. */
export const assertName = (name: string) => {
  const problem = checkName(name);
  if (!problem) return;
  throw new AppError(400, `errors.documents.name.${problem}`, {
    params: { name: visibleName(name), chars: invalidCharsText() },
  });
};

/** Postgres unique_violation, raised through either driver (sometimes wrapped as `cause`). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === "23505";

/** Turns a duplicate name within one folder into a 409 the user can act on. */
export const nameTaken = (name: string) =>
  new AppError(409, "errors.documents.nameTaken", { params: { name } });

/**
 * Serializes writes that change a firm's stored bytes, so two uploads racing cannot both slip
 * under the quota. Transaction-scoped: released at commit or rollback.
 */
export const lockWorkspaceBytes = (tx: Db, workspaceId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`documents:${workspaceId}`}))`);

/**
 * The commit-versus-purge lock. Committing a body (rename into blobs/) and inserting the row that
 * references it happen in one transaction holding this lock shared; the purge holds it exclusive
 * while it checks references and deletes. So the purge never sees a body between its commit and
 * its row, and uploads never wait for each other. Transaction-scoped like lockWorkspaceBytes.
 */
const BODIES_LOCK = sql`hashtext('documents:bodies')`;
export const lockBodiesShared = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock_shared(${BODIES_LOCK})`);
export const lockBodiesExclusive = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(${BODIES_LOCK})`);

/** Human sizes in messages ("2 GB", "512 MB"). */
export const formatBytes = (bytes: number) => {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
};

/** Server-side labels (entity names in lock reasons) in the caller's language. */
export const tFor = (ctx: Pick<RequestCtx, "lang">) => translatorFor(ctx.lang);
