import { desc, eq } from "drizzle-orm";

import { esignRequests, users } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { endRequest, setContractSigning } from "./request-ends";
import { appendEvent } from "./trail";

/**
 * A later step of a signed (or signing) contract, archive or void, written as its own entry at the
 * end of its signing trail: the sealed bytes are never touched, so the trail is where the step is
 * proven. The entry goes on the completed request, else on the newest one; a contract never sent
 * for e-signing has no trail and nothing is written. Runs in the caller's transaction.
 */
export const recordContractStep = async (
  ctx: RequestCtx,
  contractId: string,
  action: "archived" | "voided",
  detail: Record<string, unknown>,
  now: Date,
) => {
  const rows = await ctx.db
    .select()
    .from(esignRequests)
    .where(inWorkspace(ctx, esignRequests, eq(esignRequests.contractId, contractId)))
    .orderBy(desc(esignRequests.createdAt))
    .for("update");
  const r = rows.find((x) => x.status === "completed") ?? rows[0];
  if (!r) return;
  const [u] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId));
  const entry = {
    workspaceId: r.workspaceId,
    requestId: r.id,
    actorId: ctx.userId,
    actorName: u?.name ?? "",
    ip: ctx.ip || null,
    at: now,
    docSha256: r.sealedSha256 ?? r.sourceSha256,
  };
  // A voided contract is not signed any more: a request still out is ended (its links die, no
  // more reminders) rather than left to fail at the last signature.
  if (action === "voided" && r.status === "sent") {
    await endRequest(
      ctx,
      r,
      "cancelled",
      typeof detail.reason === "string" ? detail.reason : null,
      now,
    );
    await appendEvent(ctx.db, {
      ...entry,
      action: "cancelled",
      detail: { ...detail, because: "voided" },
    });
    await setContractSigning(ctx, contractId, "cancelled");
  }
  await appendEvent(ctx.db, { ...entry, action, detail });
};
