import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { ACCOUNT_CHANGE_KEY } from "../../../shared/workflow";
import { formatAs } from "../../../shared/money";
import { accounts } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation } from "../../schema-engine/checks";
import { headerOf, loadLabels } from "../../schema-engine/labels";
import { editableOf, fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import type { RecordRow } from "../../schema-engine/types";
import { syncConflictKeys } from "../conflicts";
import { startBusinessApproval } from "../workflow";
import { approvalTitle } from "../workflow";
import { ACCOUNT_CHANGE_REF, ACTIVE, PENDING } from "./status";

const load = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(inWorkspace(ctx, accounts, eq(accounts.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const resourceOf = (registry: ResourceRegistry) => {
  const res = registry.get("accounts");
  if (!res) throw new AppError(404, "errors.notFound");
  return res;
};

/**
 * "Field: old -> new" lines for the approver, in the schema's order and the submitter's language;
 * choices, dictionary items, members and departments by their names, not their stored values.
 */
const summaryOf = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  before: RecordRow,
  changes: Record<string, unknown>,
) => {
  const t = translatorFor(ctx.lang);
  const res = resourceOf(registry);
  const fields = res.fields.filter((f) => f.key in changes);
  const labels = await loadLabels(ctx, { ...res, fields });
  const shown = (key: string, value: unknown): string => {
    if (
      value === null ||
      value === undefined ||
      value === "" ||
      (Array.isArray(value) && value.length === 0)
    )
      return t("accounts.approval.empty");
    if (Array.isArray(value)) return value.map((v) => shown(key, v)).join(", ");
    const format = res.fields.find((f) => f.key === key)?.schema["x-format"];
    // Money reads ¥2,860,000.00 here as on every screen, not as the stored "2860000.00".
    if (format && (typeof value === "string" || typeof value === "number"))
      return formatAs(String(format), value);
    return labels.get(key)?.toLabel.get(String(value)) ?? String(value);
  };
  return fields
    .map(
      (f) =>
        `${headerOf(ctx, f)}: ${shown(f.key, before[f.key])} → ${shown(f.key, changes[f.key])}`,
    )
    .join("\n");
};

/**
 * Puts a client's changes up for approval ("information pending approval") and starts that
 * approval, in one transaction: the changes are checked against the schema now and kept in
 * pending_changes (the old values stay in force), the client is locked for edits, and the firm's
 * "account-change" flow starts with a summary of the changes. The workflow's effect calls
 * resolveAccountChanges when the approval ends. Without a usable flow nothing changes (422).
 */
export const submitAccountChanges = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
  changes: Record<string, unknown>,
  version: number,
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const res = resourceOf(registry);
    const before = await load(tctx, id);
    if (before.status === PENDING) throw new AppError(409, "errors.accountPending");
    const values = writableValues(res, { ...editableOf(res, fromStorage(before)), ...changes });
    failValidation(await checkValues(tctx, res, registry, values, new Map(), id));
    const [after] = await tx
      .update(accounts)
      .set({
        status: PENDING,
        pendingChanges: changes,
        version: version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, accounts, eq(accounts.id, id), eq(accounts.version, version)))
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    const { title, titleI18n } = approvalTitle(ctx, "accounts.approval.title", {
      name: before.name,
    });
    const approval = await startBusinessApproval(tctx, {
      kind: "general",
      key: ACCOUNT_CHANGE_KEY,
      businessRef: `${ACCOUNT_CHANGE_REF}:${id}`,
      title,
      titleI18n,
      form: {
        title,
        remark: (await summaryOf(tctx, registry, fromStorage(before), changes)).slice(0, 1000),
      },
    });
    await writeAudit(tx, ctx, {
      action: "workflow",
      entity: "accounts",
      entityId: id,
      before,
      after,
    });
    return { ...fromStorage(after), pendingApprovalId: approval.id };
  });

const isCleared = (value: unknown) => value === null || value === "";

/**
 * A form's save (the whole record) as the changes it makes: the fields whose value differs from
 * the stored one; a cleared field becomes null. Nothing changed: the record as it is.
 */
export const submitEdit = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
  input: Record<string, unknown>,
) => {
  const version = input.version as number;
  const res = resourceOf(registry);
  const before = await load(ctx, id);
  if (before.status === PENDING) throw new AppError(409, "errors.accountPending");
  const stored = fromStorage(before);
  const current = editableOf(res, stored);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const field = res.byKey.get(key);
    if (field?.isReadOnly) continue;
    // What the form sends back of the server's own (id, version, status, permissions…) is no change.
    if (!field && (key in stored || key === "permissions")) continue;
    if (
      isCleared(value)
        ? current[key] !== undefined
        : JSON.stringify(current[key]) !== JSON.stringify(value)
    ) {
      changes[key] = isCleared(value) ? null : value;
    }
  }
  if (Object.keys(changes).length === 0) return fromStorage(before);
  return submitAccountChanges(ctx, registry, id, changes, version);
};

/** The workflow's hook: approval applies the pending changes, rejection drops them; both unlock. */
export const resolveAccountChanges = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
  approved: boolean,
) =>
  ctx.db.transaction(async (tx) => {
    const res = resourceOf(registry);
    const before = await load(withDb(ctx, tx), id);
    if (before.status !== PENDING) throw new AppError(409, "errors.accountNotPending");
    const merged = approved
      ? { ...editableOf(res, fromStorage(before)), ...(before.pendingChanges ?? {}) }
      : editableOf(res, fromStorage(before));
    // The submission's check again, in this transaction: a client given the same credit code
    // meanwhile is a translated "duplicate value" the approver can act on, not the unique index's 500.
    if (approved)
      failValidation(
        await checkValues(
          withDb(ctx, tx),
          res,
          registry,
          writableValues(res, merged),
          new Map(),
          id,
        ),
      );
    const [after] = await tx
      .update(accounts)
      .set({
        ...(approved
          ? (toStorage(res, writableValues(res, merged)) as Record<string, unknown>)
          : {}),
        status: ACTIVE,
        pendingChanges: null,
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, accounts, eq(accounts.id, id)))
      .returning();
    // An approved rename or new credit code is what the next conflict check must find.
    if (approved) await syncConflictKeys(withDb(ctx, tx), "client", [id]);
    await writeAudit(tx, ctx, {
      action: "workflow",
      entity: "accounts",
      entityId: id,
      before,
      after,
    });
    return fromStorage(after);
  });
