import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { workflowActionLog } from "../../db/tables";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { isUuid } from "../../lib/tenant-guard";
import { claimKey, inActionTx, payloadHash } from "./apply";

/**
 * A business submission (case filing, contract, seal request, client change, archive, void) under
 * the Idempotency-Key the form made for it, kept in the approval actions' key store
 * (workflow_action_log, WORKFLOW_KEY_TTL_HOURS). The key is claimed first, in the submission's own
 * transaction: a concurrent duplicate waits on the key's row and then reads the first answer, a
 * replay gets it at once, and the same key with another body (or on another route) is 422
 * `workflow.idempotency.mismatch`. A submission that fails rolls its claim back with it, so the
 * corrected form may retry under the same key. Without the header it runs as before (API clients).
 */
export const submitOnce = async <T>(
  req: FastifyRequest,
  run: (ctx: RequestCtx) => Promise<T>,
): Promise<T> => {
  const key = req.headers["idempotency-key"];
  if (key === undefined) return run(req.ctx);
  if (!isUuid(key)) throw new AppError(400, "errors.workflow.idempotency.required");
  const ctx = req.ctx;
  const hash = payloadHash({ route: req.routeOptions.url, params: req.params, body: req.body });
  return inActionTx(ctx, async (tx) => {
    const replay = await claimKey(tx, ctx, key, hash);
    if (replay) return replay as unknown as T;
    const answer = await run(withDb(ctx, tx));
    await tx
      .update(workflowActionLog)
      .set({ response: answer as unknown as Record<string, unknown> })
      .where(
        and(
          eq(workflowActionLog.workspaceId, ctx.workspaceId),
          eq(workflowActionLog.actorId, ctx.userId),
          eq(workflowActionLog.key, key),
        ),
      );
    return answer;
  });
};
