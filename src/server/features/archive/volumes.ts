import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";

import type { VolumeDetail, VolumeItemKind, VolumeRow } from "../../../shared/contracts/archive";
import { AppError } from "../../../shared/errors";
import { archiveVolumeItems, archiveVolumes, cases, files } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { firmDateOf, firmTodayOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { onLoanTo } from "./loan-access";
import { addMonths, readArchiveSettings, retentionOf } from "./settings";

/** The archivist (update on volumes) sees every volume of the firm. */
export const isArchivist = (ctx: RequestCtx) => ctx.ability.can("update", "LAWFIRM_ARCHIVE_VIEW");

/**
 * Which volumes the caller may read on the firm's `day`, as SQL over a query that joins `cases`:
 * every one for the archivist, else those of the cases the caller may read (the cases' row scope)
 * and those lent to the caller (借阅) until the loan's end day. The one place that decides it.
 */
export const volumeReadScope = (ctx: RequestCtx, day: string): SQL | undefined => {
  if (isArchivist(ctx)) return undefined;
  const team = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  // No row scope: every case, so every volume, is the caller's to read already.
  if (!team) return undefined;
  return or(team, onLoanTo(ctx, day));
};

export const today = (ctx: RequestCtx) => firmTodayOf(ctx.db, ctx.workspaceId);

const rowColumns = (day: string) => ({
  id: archiveVolumes.id,
  caseId: archiveVolumes.caseId,
  caseNo: cases.caseNo,
  caseName: cases.name,
  status: archiveVolumes.status,
  volumeNo: archiveVolumes.volumeNo,
  year: archiveVolumes.year,
  retentionYears: archiveVolumes.retentionYears,
  closedOn: archiveVolumes.closedOn,
  dueOn: archiveVolumes.dueOn,
  overdue: sql<boolean>`(${archiveVolumes.status} <> 'archived' and ${archiveVolumes.dueOn} < ${day}::date)`,
  archivedAt: archiveVolumes.archivedAt,
  approvalId: archiveVolumes.approvalId,
  mergeStatus: archiveVolumes.mergeStatus,
  mergeError: archiveVolumes.mergeError,
  mergedFileId: archiveVolumes.mergedFileId,
  mergedSha256: archiveVolumes.mergedSha256,
  mergedPages: archiveVolumes.mergedPages,
  version: archiveVolumes.version,
  qualityCardFileId: archiveVolumes.qualityCardFileId,
});

const joinCase = and(
  eq(cases.workspaceId, archiveVolumes.workspaceId),
  eq(cases.id, archiveVolumes.caseId),
);

const asRow = (r: Record<string, unknown>) => ({
  ...r,
  archivedAt: r.archivedAt ? (r.archivedAt as Date).toISOString() : null,
});

/** The firm's volumes the caller may read, overdue first, then by due date. */
export const listVolumes = async (
  ctx: RequestCtx,
  q: { status?: string; overdue?: boolean; caseId?: string },
) => {
  const day = await today(ctx);
  const cols = rowColumns(day);
  const rows = await ctx.db
    .select(cols)
    .from(archiveVolumes)
    .innerJoin(cases, joinCase)
    .where(
      inWorkspace(
        ctx,
        archiveVolumes,
        volumeReadScope(ctx, day),
        q.status ? eq(archiveVolumes.status, q.status) : undefined,
        q.caseId ? eq(archiveVolumes.caseId, q.caseId) : undefined,
        q.overdue ? cols.overdue : undefined,
      ),
    )
    .orderBy(desc(cols.overdue), asc(archiveVolumes.dueOn), asc(archiveVolumes.id))
    .limit(1000);
  return rows.map(asRow) as unknown as VolumeRow[];
};

/**
 * One volume the caller may read, or 404 (another firm's, or outside the caller's cases, is as
 * invisible as one that does not exist). Lending will add "or borrowed by the caller" here.
 */
export const canReadVolume = async (ctx: RequestCtx, id: string) => {
  const day = await today(ctx);
  const [row] = await ctx.db
    .select(rowColumns(day))
    .from(archiveVolumes)
    .innerJoin(cases, joinCase)
    .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, id), volumeReadScope(ctx, day)));
  if (!row) throw new AppError(404, "errors.notFound");
  return asRow(row) as unknown as VolumeRow & { qualityCardFileId: string | null };
};

export const itemsOf = (ctx: RequestCtx, volumeId: string) =>
  ctx.db
    .select({
      id: archiveVolumeItems.id,
      kind: archiveVolumeItems.kind,
      fileId: archiveVolumeItems.fileId,
      name: files.name,
      position: archiveVolumeItems.position,
      included: archiveVolumeItems.included,
    })
    .from(archiveVolumeItems)
    .leftJoin(
      files,
      and(
        eq(files.workspaceId, archiveVolumeItems.workspaceId),
        eq(files.id, archiveVolumeItems.fileId),
      ),
    )
    .where(inWorkspace(ctx, archiveVolumeItems, eq(archiveVolumeItems.volumeId, volumeId)))
    .orderBy(asc(archiveVolumeItems.position));

/** Live files anywhere under the case's folder, oldest first: what a volume may hold. */
export const caseFolderFiles = async (ctx: RequestCtx, caseId: string) => {
  const result = await ctx.db.execute(sql`
    with recursive tree as (
      select f.id from folders f join cases c on c.workspace_id = f.workspace_id and c.folder_id = f.id
       where c.workspace_id = ${ctx.workspaceId} and c.id = ${caseId}
      union all
      select f.id from folders f join tree on f.parent_id = tree.id where f.workspace_id = ${ctx.workspaceId})
    select fi.id, fi.name from files fi
     where fi.workspace_id = ${ctx.workspaceId} and fi.deleted_at is null
       and fi.folder_id in (select id from tree)
     order by fi.created_at, fi.name, fi.id`);
  return (result as unknown as { rows: { id: string; name: string }[] }).rows;
};

export const getVolume = async (
  ctx: RequestCtx,
  id: string,
): Promise<VolumeDetail & { available: { id: string; name: string }[] }> => {
  const row = await canReadVolume(ctx, id);
  const items = (await itemsOf(ctx, id)) as VolumeDetail["items"];
  const held = new Set(items.map((i) => i.fileId));
  // Files of the case folder not in the volume yet, for the archivist to add.
  const available =
    row.status === "draft" && isArchivist(ctx)
      ? (await caseFolderFiles(ctx, row.caseId)).filter((f) => !held.has(f.id))
      : [];
  return { ...row, items, available };
};

const fixed = (kind: VolumeItemKind, position: number) => ({ kind, position, fileId: null });

/**
 * Opens a closed case's volume (in the caller's transaction): due a firm-set number of months
 * after the closing, kept the case type's retention, holding the generated cover and contents,
 * every file of the case folder and the closing note. A case that has one keeps it.
 */
export const openVolume = async (ctx: RequestCtx, caseId: string, closedAt: Date) => {
  const [kase] = await ctx.db
    .select({ caseType: cases.caseType, serviceEnd: cases.serviceEnd })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!kase) throw new AppError(404, "errors.notFound");
  const settings = await readArchiveSettings(ctx);
  const closedOn =
    kase.serviceEnd ?? firmDateOf(closedAt, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  const [volume] = await ctx.db
    .insert(archiveVolumes)
    .values({
      workspaceId: ctx.workspaceId,
      caseId,
      retentionYears: retentionOf(settings, kase.caseType),
      closedOn,
      dueOn: addMonths(closedOn, settings.dueMonths),
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!volume) return undefined;
  const folder = await caseFolderFiles(ctx, caseId);
  const rows = [
    fixed("cover", 0),
    fixed("contents", 1),
    ...folder.map((f, i) => ({ kind: "file" as const, position: i + 2, fileId: f.id })),
    fixed("closing-note", folder.length + 2),
  ];
  await ctx.db
    .insert(archiveVolumeItems)
    .values(rows.map((r) => ({ ...r, workspaceId: ctx.workspaceId, volumeId: volume.id })));
  await writeAudit(ctx.db, ctx, {
    action: "create",
    entity: "archive_volumes",
    entityId: volume.id,
    after: volume,
  });
  return volume;
};

/** The volume row locked for a change, refused unless it is still being assembled. */
export const lockDraft = async (ctx: RequestCtx, id: string, version?: number) => {
  const [row] = await ctx.db
    .select()
    .from(archiveVolumes)
    .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  if (row.status !== "draft") throw new AppError(409, "archive.errors.notDraft");
  if (version !== undefined && row.version !== version)
    throw new AppError(409, "errors.staleVersion");
  return row;
};

/** Live files of the firm among `ids` (for checking an archivist's choice). */
export const liveFileIds = async (ctx: RequestCtx, ids: string[]) =>
  ids.length === 0
    ? new Set<string>()
    : new Set(
        (
          await ctx.db
            .select({ id: files.id })
            .from(files)
            .where(inWorkspace(ctx, files, inArray(files.id, ids), isNull(files.deletedAt)))
        ).map((r) => r.id),
      );
