import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { archiveVolumes, cases } from "../../db/tables";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { CASE_STATUS } from "../cases";
import { getVolume, openVolume } from "./volumes";

/**
 * A volume for a case closed before archiving existed (or closed by an administrator's direct
 * correction): only a closed case, and a case that has one gets it back unchanged.
 */
export const openVolumeOnDemand = async (ctx: RequestCtx, caseId: string) => {
  const id = await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const [kase] = await tx
      .select({ status: cases.status, updatedAt: cases.updatedAt })
      .from(cases)
      .where(inWorkspace(ctx, cases, eq(cases.id, caseId)))
      .for("update");
    if (!kase) throw new AppError(404, "errors.notFound");
    if (kase.status !== CASE_STATUS.closed) throw new AppError(409, "archive.errors.caseNotClosed");
    const opened = await openVolume(tctx, caseId, kase.updatedAt);
    if (opened) return opened.id;
    const [held] = await tx
      .select({ id: archiveVolumes.id })
      .from(archiveVolumes)
      .where(and(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.caseId, caseId))));
    return held.id;
  });
  return getVolume(ctx, id);
};
