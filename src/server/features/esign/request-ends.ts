import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { contracts, esignRequests, esignSigners } from "../../db/tables";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { signingEndedSet } from "../contracts";
import type { Origin } from "./deps";
import { actorName, lockRequest, type RequestRow, viewOf } from "./requests";
import { appendEvent } from "./trail";

export const setContractSigning = (
  ctx: RequestCtx,
  contractId: string,
  signingStatus: "cancelled",
) =>
  ctx.db
    .update(contracts)
    .set({ ...signingEndedSet(signingStatus, new Date()), updatedBy: ctx.userId })
    .where(inWorkspace(ctx, contracts, eq(contracts.id, contractId)));

/** Stops a request in flight: its links die at once; the trail records who and why. */
export const cancelRequest = (
  ctx: RequestCtx,
  id: string,
  reason: string | undefined,
  origin: Origin,
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const r = await lockRequest(tctx, id);
    if (r.status !== "sent") throw new AppError(409, "esign.errors.notInFlight");
    await endRequest(tctx, r, "cancelled", reason?.trim() || null, now);
    await appendEvent(tx, {
      workspaceId: ctx.workspaceId,
      requestId: r.id,
      action: "cancelled",
      actorId: ctx.userId,
      actorName: await actorName(tctx),
      ...origin,
      at: now,
      docSha256: r.sourceSha256,
      detail: { reason: reason?.trim() ?? "" },
    });
    await setContractSigning(tctx, r.contractId, "cancelled");
    const [after] = await tx
      .select()
      .from(esignRequests)
      .where(inWorkspace(ctx, esignRequests, eq(esignRequests.id, id)));
    return viewOf(tctx, after);
  });

/** Ends a request (declined, cancelled, expired): no link of it works any more. */
export const endRequest = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  r: RequestRow,
  status: "declined" | "cancelled" | "expired",
  reason: string | null,
  now: Date,
) => {
  await ctx.db
    .update(esignRequests)
    .set({ status, endedAt: now, endReason: reason, version: r.version + 1 })
    .where(and(eq(esignRequests.workspaceId, r.workspaceId), eq(esignRequests.id, r.id)));
  await ctx.db
    .update(esignSigners)
    .set({ tokenHash: null, sessionHash: null, codeHash: null })
    .where(and(eq(esignSigners.workspaceId, r.workspaceId), eq(esignSigners.requestId, r.id)));
};
