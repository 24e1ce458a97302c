import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../shared/i18n-config";
import { formatAs } from "../../../shared/money";
import type { OptionItem } from "../../../shared/schema-vocabulary";
import { ACCOUNT_CHANGE_KEY } from "../../../shared/workflow";
import { renderText, type TextParts } from "../../../shared/workflow/text-parts";
import { accounts } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation } from "../../schema-engine/checks";
import { loadLabels } from "../../schema-engine/labels";
import { editableOf, fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import type { FieldDef, RecordRow } from "../../schema-engine/types";
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

const flatten = (items: OptionItem[]): OptionItem[] =>
  items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

/**
 * "Field: old → new" lines for the approver, in the schema's order, as parts that each reader's
 * language renders (as the approval's title is): labels and choices as their i18n keys,
 * dictionary items with both their labels, members, departments and other names as they are,
 * money as ¥2,860,000.00 as on every screen, never a stored code.
 */
const summaryOf = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  before: RecordRow,
  changes: Record<string, unknown>,
): Promise<TextParts> => {
  const res = resourceOf(registry);
  const fields = res.fields.filter((f) => f.key in changes);
  // Names by value in each language: a dictionary item has a Chinese and an English label.
  const labels = await Promise.all(
    LANGUAGES.map(
      async ({ code }) =>
        [code, await loadLabels({ ...ctx, lang: code }, { ...res, fields })] as const,
    ),
  );
  const shown = (field: FieldDef, value: unknown): TextParts => {
    if (isEmpty(value)) return { key: "accounts.approval.empty" };
    if (Array.isArray(value)) return { join: value.map((v) => shown(field, v)), with: ", " };
    const format = field.schema["x-format"];
    if (format && (typeof value === "string" || typeof value === "number"))
      return formatAs(String(format), value);
    const item = flatten(field.options?.items ?? []).find((i) => i.value === String(value));
    if (item) return { key: item.label };
    const byLanguage = Object.fromEntries(
      labels.map(([code, map]) => [
        code,
        map.get(field.key)?.toLabel.get(String(value)) ?? String(value),
      ]),
    );
    const texts = new Set(Object.values(byLanguage));
    return texts.size === 1 ? [...texts][0] : { byLanguage };
  };
  const labelOf = (field: FieldDef): TextParts =>
    field.label
      ? { key: field.label, params: { defaultValue: field.schema.title ?? field.key } }
      : (field.schema.title ?? field.key);
  return {
    join: fields.map((f) => ({
      key: "accounts.approval.change",
      params: {
        field: labelOf(f),
        before: shown(f, before[f.key]),
        after: shown(f, changes[f.key]),
      },
    })),
    with: "\n",
  };
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
    // The form keeps the submitter's text (search, older readers); the parts serve every reader.
    const summary = await summaryOf(tctx, registry, fromStorage(before), changes);
    const remark = renderText(summary, translatorFor(ctx.lang), ctx.lang, DEFAULT_LANGUAGE);
    const approval = await startBusinessApproval(tctx, {
      kind: "general",
      key: ACCOUNT_CHANGE_KEY,
      businessRef: `${ACCOUNT_CHANGE_REF}:${id}`,
      title,
      titleI18n: { ...titleI18n, form: { remark: summary } },
      form: { title, remark: remark.slice(0, 1000) },
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
