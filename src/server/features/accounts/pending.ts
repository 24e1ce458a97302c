import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { accounts } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { checkValues } from "../../schema-engine/service";
import { editableOf, fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { failValidation } from "../../schema-engine/checks";
import { ACTIVE, PENDING } from "./bindings";

const load = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db.select().from(accounts).where(inWorkspace(ctx, accounts, eq(accounts.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/**
 * Puts a client's changes up for approval ("information pending approval"): the changes are
 * checked against the schema now, kept in pending_changes, and the client is locked for edits
 * until the workflow calls resolveAccountChanges.
 */
export const submitAccountChanges = (ctx: RequestCtx, registry: ResourceRegistry, id: string, changes: Record<string, unknown>, version: number) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const res = registry.get("accounts");
    if (!res) throw new AppError(404, "errors.notFound");
    const before = await load(tctx, id);
    if (before.status === PENDING) throw new AppError(409, "errors.accountPending");
    const values = writableValues(res, { ...editableOf(res, fromStorage(before)), ...changes });
    failValidation(await checkValues(tctx, res, registry, values, new Map(), id));
    const [after] = await tx
      .update(accounts)
      .set({ status: PENDING, pendingChanges: changes, version: version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(inWorkspace(ctx, accounts, eq(accounts.id, id), eq(accounts.version, version)))
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, { action: "workflow", entity: "accounts", entityId: id, before, after });
    return fromStorage(after);
  });

/** The workflow's hook: approval applies the pending changes, rejection drops them; both unlock. */
export const resolveAccountChanges = (ctx: RequestCtx, registry: ResourceRegistry, id: string, approved: boolean) =>
  ctx.db.transaction(async (tx) => {
    const res = registry.get("accounts");
    if (!res) throw new AppError(404, "errors.notFound");
    const before = await load(withDb(ctx, tx), id);
    if (before.status !== PENDING) throw new AppError(409, "errors.accountNotPending");
    const merged = approved ? { ...editableOf(res, fromStorage(before)), ...(before.pendingChanges ?? {}) } : editableOf(res, fromStorage(before));
    const [after] = await tx
      .update(accounts)
      .set({
        ...(approved ? (toStorage(res, writableValues(res, merged)) as Record<string, unknown>) : {}),
        status: ACTIVE,
        pendingChanges: null,
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, accounts, eq(accounts.id, id)))
      .returning();
    await writeAudit(tx, ctx, { action: "workflow", entity: "accounts", entityId: id, before, after });
    return fromStorage(after);
  });
