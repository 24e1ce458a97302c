import { and, eq, inArray } from "drizzle-orm";

import type { VolumeItemsInput } from "../../../shared/contracts/archive";
import { AppError } from "../../../shared/errors";
import { archiveVolumeItems, archiveVolumes } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fieldError } from "../../schema-engine/checks";
import { caseFolderFiles, getVolume, itemsOf, lockDraft } from "./volumes";

const refuse = (ctx: RequestCtx, field: string, key: string): never => {
  throw new AppError(422, key, { fields: [fieldError(field, key, ctx.lang)] });
};

/**
 * The archivist's order and choice: `items` lists the volume's files (the quality card among
 * them) in the wanted order, each included or not. Every file must be a live file of the case
 * folder (or the volume's quality card); the cover and contents stay first and the closing note
 * last. Replaces the list in one transaction, on the version the archivist read.
 */
export const putItems = (ctx: RequestCtx, id: string, input: VolumeItemsInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const volume = await lockDraft(tctx, id, input.version);
    const allowed = new Set((await caseFolderFiles(tctx, volume.caseId)).map((f) => f.id));
    if (volume.qualityCardFileId) allowed.add(volume.qualityCardFileId);
    const seen = new Set<string>();
    for (const [i, item] of input.items.entries()) {
      if (!allowed.has(item.fileId))
        refuse(tctx, `items.${i}.fileId`, "archive.errors.notInFolder");
      if (seen.has(item.fileId)) refuse(tctx, `items.${i}.fileId`, "archive.errors.duplicateItem");
      seen.add(item.fileId);
    }
    const before = await itemsOf(tctx, id);
    await tx
      .delete(archiveVolumeItems)
      .where(
        inWorkspace(
          ctx,
          archiveVolumeItems,
          eq(archiveVolumeItems.volumeId, id),
          inArray(archiveVolumeItems.kind, ["file", "quality-card", "closing-note"]),
        ),
      );
    const rows = input.items.map((item, i) => ({
      workspaceId: ctx.workspaceId,
      volumeId: id,
      kind:
        item.fileId === volume.qualityCardFileId ? ("quality-card" as const) : ("file" as const),
      fileId: item.fileId,
      position: i + 2,
      included: item.included,
    }));
    rows.push({
      workspaceId: ctx.workspaceId,
      volumeId: id,
      kind: "closing-note" as never,
      fileId: null as never,
      position: rows.length + 2,
      included: true,
    });
    await tx.insert(archiveVolumeItems).values(rows);
    await bump(tctx, volume.id, volume.version);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "archive_volume_items",
      entityId: id,
      before,
      after: rows,
    });
    return getVolume(tctx, id);
  });

const bump = (ctx: RequestCtx, id: string, version: number, set: Record<string, unknown> = {}) =>
  ctx.db
    .update(archiveVolumes)
    .set({ ...set, version: version + 1, updatedAt: new Date(), updatedBy: ctx.userId })
    .where(and(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, id))));

/**
 * The client's quality card (业务质量监督卡): a file of the case folder (uploaded there through
 * Documents), kept as the volume's quality-card item just before the closing note. A second
 * card replaces the first.
 */
export const setQualityCard = (
  ctx: RequestCtx,
  id: string,
  input: { fileId: string; version: number },
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const volume = await lockDraft(tctx, id, input.version);
    const inFolder = (await caseFolderFiles(tctx, volume.caseId)).some(
      (f) => f.id === input.fileId,
    );
    if (!inFolder) refuse(tctx, "fileId", "archive.errors.notInFolder");
    const items = await itemsOf(tctx, id);
    const kept = items.filter(
      (i) =>
        i.kind === "file" && i.fileId !== input.fileId && i.fileId !== volume.qualityCardFileId,
    );
    const orderable = [
      ...kept.map((i) => ({ fileId: i.fileId as string, included: i.included })),
      { fileId: input.fileId, included: true },
    ];
    await bump(tctx, id, volume.version, { qualityCardFileId: input.fileId });
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "archive_volumes",
      entityId: id,
      before: { qualityCardFileId: volume.qualityCardFileId },
      after: { qualityCardFileId: input.fileId },
    });
    return putItems(tctx, id, { version: volume.version + 1, items: orderable });
  });
