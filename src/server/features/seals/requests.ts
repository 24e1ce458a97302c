import dayjs from "dayjs";
import { and, asc, eq, isNull, lt } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { sealRequests, seals } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { dueOnEachFirmsDay, firmTodayOf } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import { syncRecordFiles } from "../cases";
import { nextNumber } from "../contracts";
import { openCaseOf, usableSeal } from "../contracts";
import { logSealUse } from "../contracts";
import { type ApprovalStart, assertNamedFlow, startApproval } from "../contracts";
import { approvalTitle } from "../workflow";
import { createNotifications } from "../notifications";

export type SealSubmitInput = ApprovalStart & { values: Record<string, unknown> };

/** businessRef of a seal approval: "seal-requests:<id>". */
export const SEAL_REF = "seal-requests";
const ENTITY = "seal_requests";

type Files = { fileId: string; copies: number }[];
const filesOf = (value: unknown): Files => (Array.isArray(value) ? (value as Files) : []);
const totalCopies = (files: Files) =>
  files.reduce((sum, f) => sum + (Number.isInteger(f.copies) ? f.copies : 0), 0);
/** The log's subject names each recipient and their copies: "YY2026… 甲公司 ×2, 乙法院 ×1". */
const recipientsText = (recipients: unknown) =>
  (Array.isArray(recipients) ? (recipients as { name?: unknown; copies?: unknown }[]) : [])
    .map((r) => `${String(r.name ?? "")} ×${String(r.copies ?? "")}`)
    .join(", ");

/**
 * Files a seal request: checked against schemas/seal-requests.schema.json, its files locked in
 * Documents, numbered, and its approval started, in one transaction. A take-out's return date may
 * not be in the past.
 */
export const submitSealRequest = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  input: SealSubmitInput,
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await assertNamedFlow(tctx, input);
    const res = registry.get("seal-requests");
    if (!res) throw new AppError(404, "errors.notFound");
    const values = writableValues(res, input.values);
    if (typeof values.caseId === "string")
      await openCaseOf(tctx, values.caseId, {
        checkScope: true,
        notOpenKey: "seals.errors.caseNotOpen",
      });
    failValidation(await checkValues(tctx, res, registry, values));
    if (values.mode !== "take-out") delete values.returnDue;
    else if (String(values.returnDue) < (await firmTodayOf(tx, ctx.workspaceId)))
      failValidation([fieldError("returnDue", "seals.errors.returnInPast", ctx.lang)]);
    const seal = await usableSeal(tctx, String(values.sealId));
    const requestNo = await nextNumber(tctx, "seal-request");
    const [row] = await tx
      .insert(sealRequests)
      .values({
        ...(toStorage(res, values) as unknown as typeof sealRequests.$inferInsert),
        workspaceId: ctx.workspaceId,
        requestNo,
        status: "pending",
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await syncRecordFiles(
      tctx,
      ENTITY,
      row.id,
      requestNo,
      filesOf(values.files).map((f) => f.fileId),
    );
    const titled = approvalTitle(ctx, "seals.approval.title", { no: requestNo, seal: seal.name });
    const copies = totalCopies(filesOf(values.files));
    const instanceId = await startApproval(tctx, "seal", {
      ...input,
      ...titled,
      businessRef: `${SEAL_REF}:${row.id}`,
      form: { sealId: seal.id, sealHolderId: seal.custodianId, copies },
    });
    const [after] = await tx
      .update(sealRequests)
      .set({ approvalId: instanceId })
      .where(inWorkspace(ctx, sealRequests, eq(sealRequests.id, row.id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: ENTITY,
      entityId: row.id,
      after: fromStorage(after),
    });
    return { id: row.id, requestNo, instanceId };
  });

const lockRequest = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(sealRequests)
    .where(inWorkspace(ctx, sealRequests, eq(sealRequests.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const change = async (
  ctx: RequestCtx,
  before: typeof sealRequests.$inferSelect,
  set: Partial<typeof sealRequests.$inferInsert>,
) => {
  const [after] = await ctx.db
    .update(sealRequests)
    .set({ ...set, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, sealRequests, eq(sealRequests.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: ENTITY,
    entityId: before.id,
    before,
    after,
  });
  return fromStorage(after);
};

/** The approval accepted (the custodian's step recorded the stamping): logged, and stamped or taken out. */
export const applySealRequest = async (
  ctx: RequestCtx,
  id: string,
  instance: { id: string; form: Record<string, unknown> },
) => {
  const row = await lockRequest(ctx, id);
  if (row.status !== "pending") throw new AppError(409, "seals.errors.notPending");
  const [seal] = await ctx.db
    .select()
    .from(seals)
    .where(inWorkspace(ctx, seals, eq(seals.id, row.sealId)));
  if (!seal) throw new AppError(404, "errors.notFound");
  await logSealUse(ctx, {
    seal,
    entity: ENTITY,
    entityId: row.id,
    subject: `${row.requestNo} ${recipientsText(row.recipients)}`,
    instance,
    copies: totalCopies(row.files),
  });
  await change(ctx, row, { status: row.mode === "take-out" ? "taken-out" : "stamped" });
};

/** Rejected or cancelled: the request says so and its files are released. */
export const closeSealRequest =
  (status: "rejected" | "cancelled") => async (ctx: RequestCtx, id: string) => {
    const row = await lockRequest(ctx, id);
    if (row.status !== "pending") return;
    await change(ctx, row, { status });
    await syncRecordFiles(ctx, ENTITY, row.id, "", []);
  };

/** The custodian (or an administrator) records that a taken-out seal came back. */
export const returnSeal = (ctx: RequestCtx, id: string, input: { version: number }) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockRequest(tctx, id);
    const [seal] = await tx
      .select({ custodianId: seals.custodianId })
      .from(seals)
      .where(inWorkspace(ctx, seals, eq(seals.id, row.sealId)));
    if (seal?.custodianId !== ctx.userId && !ctx.ability.can("manage", "all"))
      throw new AppError(403, "seals.errors.notCustodian");
    if (row.status !== "taken-out") throw new AppError(409, "seals.errors.notTakenOut");
    if (row.version !== input.version) throw new AppError(409, "errors.staleVersion");
    return change(tctx, row, { status: "returned", returnedAt: new Date() });
  });

/**
 * Reminds custodians of seals taken out past their return date (once per request), across firms.
 * Rows are claimed with SKIP LOCKED so several app processes never remind twice.
 */
export const remindOverdueSeals = async (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    // Overdue once the return day has passed on the firm's own clock.
    const overdue = await dueOnEachFirmsDay(tx, now, sealRequests.workspaceId, (today) =>
      lt(sealRequests.returnDue, today),
    );
    const due = await tx
      .select({ request: sealRequests, custodianId: seals.custodianId, sealName: seals.name })
      .from(sealRequests)
      .innerJoin(
        seals,
        and(eq(seals.workspaceId, sealRequests.workspaceId), eq(seals.id, sealRequests.sealId)),
      )
      .where(
        and(eq(sealRequests.status, "taken-out"), overdue, isNull(sealRequests.overdueNotifiedAt)),
      )
      .orderBy(asc(sealRequests.returnDue))
      .limit(200)
      .for("update", { of: sealRequests, skipLocked: true });
    for (const { request, custodianId, sealName } of due) {
      const sender = { workspaceId: request.workspaceId, userId: null };
      await createNotifications(tx, sender, {
        userIds: [...new Set([custodianId, request.createdBy].filter((u): u is string => !!u))],
        type: "seal",
        titleKey: "seals.notifications.overdue",
        params: {
          seal: sealName,
          no: request.requestNo,
          due: dayjs(request.returnDue).format("YYYY-MM-DD"),
        },
        link: `/seal/workflow/${request.approvalId}`,
        entity: ENTITY,
        entityId: request.id,
      });
      await tx
        .update(sealRequests)
        .set({ overdueNotifiedAt: now })
        .where(
          and(eq(sealRequests.workspaceId, request.workspaceId), eq(sealRequests.id, request.id)),
        );
    }
    return due.length;
  });
