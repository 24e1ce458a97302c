import { eq } from "drizzle-orm";

import { archiveRef } from "../../../shared/contracts/archive";
import { AppError } from "../../../shared/errors";
import { archiveVolumes, cases } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { startApproval } from "../contracts";
import { approvalTitle } from "../workflow";
import { itemsOf, lockDraft } from "./volumes";

/**
 * Sends an assembled volume to the "case-archive" approval: the volume must be a draft with at
 * least one included file; it becomes "pending" (no more changes) in the same transaction. A
 * rejected or withdrawn approval returns it to draft (effects.ts).
 */
export const submitVolume = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const volume = await lockDraft(tctx, id);
    const items = await itemsOf(tctx, id);
    const chosen = items.filter((i) => i.fileId && i.included);
    if (chosen.length === 0) throw new AppError(422, "archive.errors.empty");
    const [kase] = await tx
      .select({ caseNo: cases.caseNo, name: cases.name })
      .from(cases)
      .where(inWorkspace(ctx, cases, eq(cases.id, volume.caseId)));
    const titled = approvalTitle(ctx, "archive.approval.title", {
      name: kase.name,
      caseNo: kase.caseNo,
    });
    const instanceId = await startApproval(tctx, "case-archive", {
      title: titled.title,
      titleI18n: titled.titleI18n,
      businessRef: archiveRef(id),
      form: {
        caseRef: `${kase.caseNo} ${kase.name}`.slice(0, 400),
        files: chosen
          .map((i, n) => `${n + 1}. ${i.name ?? ""}`)
          .join("\n")
          .slice(0, 8000),
        retentionYears: volume.retentionYears,
        dueOn: volume.dueOn,
      },
    });
    const [after] = await tx
      .update(archiveVolumes)
      .set({
        status: "pending",
        approvalId: instanceId,
        version: volume.version + 1,
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      })
      .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "archive_volumes",
      entityId: id,
      before: volume,
      after,
    });
    return { volumeId: id, instanceId };
  });
