import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation } from "../../schema-engine/checks";
import { editableOf, fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import { startBusinessApproval } from "../workflow";
import { approvalTitle } from "../workflow";
import { syncCaseDerived } from "./derived";
import { CASE_CHANGE, syncRecordFiles } from "./files";
import { assertPartnerChoice } from "./partner-check";
import { casesResource } from "./resource";
import { CASE_REF } from "./status";

/** The ref a case-change approval carries: "cases:<case id>". */
export const caseChangeRef = (caseId: string) => `${CASE_REF}:${caseId}`;

const load = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const isCleared = (value: unknown) => value === null || value === "";

/** What a whole-record save changes: the fields whose value differs (a cleared one becomes null). */
const changesOf = (
  res: ReturnType<typeof casesResource>,
  current: Record<string, unknown>,
  input: Record<string, unknown>,
) => {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const field = res.byKey.get(key);
    if (!field || field.isReadOnly) continue;
    if (
      isCleared(value)
        ? current[key] !== undefined
        : JSON.stringify(current[key]) !== JSON.stringify(value)
    ) {
      changes[key] = isCleared(value) ? null : value;
    }
  }
  return changes;
};

/**
 * A formal case's edit when the firm approves case changes: the changed fields are checked now,
 * kept in pending_changes (the case stays as it is and cannot be edited meanwhile) and the
 * case-change approval starts, in one transaction. Nothing changed: the case as it is.
 */
export const submitCaseChanges = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
  input: Record<string, unknown>,
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const res = casesResource(registry);
    const before = await load(tctx, id);
    if (before.pendingChanges) throw new AppError(409, "cases.errors.changePending");
    if (before.version !== input.version) throw new AppError(409, "errors.staleVersion");
    const current = editableOf(res, fromStorage(before));
    const changes = changesOf(res, current, input);
    if (Object.keys(changes).length === 0) return fromStorage(before);
    const merged = { ...current, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === null) delete merged[key];
    failValidation(
      await checkValues(tctx, res, registry, writableValues(res, merged), new Map(), id),
    );
    await assertPartnerChoice(tctx, changes.leadPartnerId, current.leadPartnerId);
    // Files the change adds wait locked with it (effects.ts releases them when it ends).
    if ("attachments" in changes)
      await syncRecordFiles(tctx, CASE_CHANGE, id, before.caseNo, changes.attachments);
    const [after] = await tx
      .update(cases)
      .set({
        pendingChanges: changes,
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, cases, eq(cases.id, id)))
      .returning();
    const titled = approvalTitle(ctx, "cases.approval.changeTitle", {
      name: before.name,
      caseNo: before.caseNo,
    });
    const approval = await startBusinessApproval(tctx, {
      kind: "case-change",
      businessRef: caseChangeRef(id),
      ...titled,
      form: { title: titled.title },
    });
    await writeAudit(tx, ctx, { action: "workflow", entity: "cases", entityId: id, before, after });
    return { ...fromStorage(after), pendingApprovalId: approval.id };
  });

/** The case-change approval ended: accepted applies the kept changes, otherwise they are dropped. */
export const resolveCaseChanges = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
  approved: boolean,
) => {
  const res = casesResource(registry);
  const before = await load(ctx, id);
  if (!before.pendingChanges) throw new AppError(409, "cases.errors.noChangePending");
  const merged = {
    ...editableOf(res, fromStorage(before)),
    ...(approved ? before.pendingChanges : {}),
  };
  for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
  const values = writableValues(res, merged);
  if (approved) failValidation(await checkValues(ctx, res, registry, values, new Map(), id));
  const [after] = await ctx.db
    .update(cases)
    .set({
      ...(approved ? (toStorage(res, values) as Partial<typeof cases.$inferInsert>) : {}),
      pendingChanges: null,
      version: before.version + 1,
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    })
    .where(inWorkspace(ctx, cases, eq(cases.id, id)))
    .returning();
  if (approved) await syncCaseDerived(ctx, fromStorage(after));
  await writeAudit(ctx.db, ctx, {
    action: approved ? "update" : "workflow",
    entity: "cases",
    entityId: id,
    before,
    after,
  });
  return fromStorage(after);
};
