import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { auditLogs, contracts, files, keyDates, sealRequests, seals } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** How many rows of each kind a case's timeline reads; the timeline keeps the newest 200 overall. */
const LIMIT = 200;

/** One sentence of a case's timeline: `cases.timelineEvents.<event>` with its values. */
export type TimelineEntry = {
  /** The audit entry's id, or "<event>:<row id>" for an entry read from the row itself. */
  id: number | string;
  createdAt: Date;
  userId: string | null;
  entity: string;
  action: string;
  event?: string;
  params?: Record<string, string | number>;
  /** Where the entry's subject opens in the app. */
  link?: string;
  /** Of a change of the case itself: the labels (reader's language) of the fields that changed. */
  fields?: string[];
  diff?: unknown;
  entityId?: string;
  title?: string | null;
  status?: string | null;
};

const entry = (e: Omit<TimelineEntry, "action"> & { action?: string }): TimelineEntry => ({
  action: "create",
  ...e,
});

/**
 * Key dates put on the case, each second sign-off, and each time one was marked done, in the
 * reader's language where one is kept. Done is the audited turn to "done" (one sentence each
 * time: done, reopened and done again is two); a key date done before it was audited (the demo
 * data) shows its last change as the moment.
 */
export const keyDateEntries = async (ctx: RequestCtx, caseId: string): Promise<TimelineEntry[]> => {
  const rows = await ctx.db
    .select()
    .from(keyDates)
    .where(inWorkspace(ctx, keyDates, eq(keyDates.caseId, caseId)))
    .orderBy(desc(keyDates.createdAt))
    .limit(LIMIT);
  if (rows.length === 0) return [];
  const completions = await ctx.db
    .select({
      id: auditLogs.id,
      entityId: auditLogs.entityId,
      userId: auditLogs.userId,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(
      inWorkspace(
        ctx,
        auditLogs,
        eq(auditLogs.entity, "key_dates"),
        inArray(
          auditLogs.entityId,
          rows.map((r) => r.id),
        ),
        sql`${auditLogs.diff} ? 'status' and ${auditLogs.diff}->'status'->>'to' = 'done'`,
      ),
    );
  const link = `/case/detail/${caseId}?tab=key-dates`;
  return rows.flatMap((r) => {
    const params = { title: ctx.lang === "en" && r.titleEn ? r.titleEn : r.title, date: r.dueDate };
    const about = { entity: "key_dates", entityId: r.id, params, link };
    const added = entry({
      id: `keyDateAdded:${r.id}`,
      createdAt: r.createdAt,
      userId: r.createdBy,
      event: "keyDateAdded",
      ...about,
    });
    const signedOff = r.confirmedAt
      ? [
          entry({
            id: `keyDateSignedOff:${r.id}`,
            createdAt: r.confirmedAt,
            userId: r.confirmedBy,
            action: "update",
            event: "keyDateSignedOff",
            ...about,
          }),
        ]
      : [];
    const audited = completions.filter((c) => c.entityId === r.id);
    const done =
      audited.length > 0
        ? audited.map((c) => ({
            id: `keyDateDone:${c.id}`,
            createdAt: c.createdAt,
            userId: c.userId,
          }))
        : r.status === "done"
          ? [{ id: `keyDateDone:${r.id}`, createdAt: r.updatedAt, userId: r.updatedBy }]
          : [];
    return [
      added,
      ...signedOff,
      ...done.map((d) => entry({ ...d, action: "update", event: "keyDateDone", ...about })),
    ];
  });
};

/**
 * Contracts made on the case (their approval accepted) and signed. The signing is the audited
 * turn to "signed" (by hand or by e-signing); a contract signed before it was audited (the demo
 * data) shows its last change as the moment.
 */
export const contractEntries = async (
  ctx: RequestCtx,
  caseId: string,
): Promise<TimelineEntry[]> => {
  const rows = await ctx.db
    .select()
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.caseId, caseId)))
    .orderBy(desc(contracts.createdAt))
    .limit(LIMIT);
  if (rows.length === 0) return [];
  const signings = await ctx.db
    .select({
      entityId: auditLogs.entityId,
      userId: auditLogs.userId,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(
      inWorkspace(
        ctx,
        auditLogs,
        eq(auditLogs.entity, "contracts"),
        inArray(
          auditLogs.entityId,
          rows.map((r) => r.id),
        ),
        sql`${auditLogs.diff} ? 'status' and ${auditLogs.diff}->'status'->>'to' = 'signed'`,
      ),
    );
  const signed = new Map(signings.map((s) => [s.entityId, s]));
  return rows.flatMap((r) => {
    const params = { name: r.name, contractNo: r.contractNo };
    const link = `/contract/detail/${r.id}`;
    const made = entry({
      id: `contractCreated:${r.id}`,
      createdAt: r.createdAt,
      userId: r.createdBy,
      entity: "contracts",
      entityId: r.id,
      event: "contractCreated",
      params,
      link,
    });
    const audited = signed.get(r.id);
    const isSigned = audited || ["signed", "archived"].includes(r.status);
    if (!isSigned) return [made];
    const at = audited?.createdAt ?? r.updatedAt;
    const by = audited ? audited.userId : r.updatedBy;
    return [
      made,
      entry({
        id: `contractSigned:${r.id}`,
        createdAt: at,
        userId: by,
        entity: "contracts",
        action: "update",
        entityId: r.id,
        event: "contractSigned",
        params,
        link,
      }),
    ];
  });
};

/** Seal requests filed for the case: the seal, the number and where the request stands now. */
export const sealRequestEntries = async (
  ctx: RequestCtx,
  caseId: string,
): Promise<TimelineEntry[]> => {
  const rows = await ctx.db
    .select({
      id: sealRequests.id,
      requestNo: sealRequests.requestNo,
      status: sealRequests.status,
      approvalId: sealRequests.approvalId,
      createdAt: sealRequests.createdAt,
      createdBy: sealRequests.createdBy,
      seal: seals.name,
    })
    .from(sealRequests)
    .innerJoin(
      seals,
      and(eq(seals.workspaceId, sealRequests.workspaceId), eq(seals.id, sealRequests.sealId)),
    )
    .where(inWorkspace(ctx, sealRequests, eq(sealRequests.caseId, caseId)))
    .orderBy(desc(sealRequests.createdAt))
    .limit(LIMIT);
  return rows.map((r) =>
    entry({
      id: `sealRequested:${r.id}`,
      createdAt: r.createdAt,
      userId: r.createdBy,
      entity: "seal_requests",
      entityId: r.id,
      event: "sealRequested",
      params: { no: r.requestNo, seal: r.seal, status: r.status },
      link: r.approvalId ? `/seal/workflow/${r.approvalId}` : undefined,
    }),
  );
};

/** Documents that arrived in the case's folder (or a folder under it), with their receipt date if one was noted. */
export const documentEntries = async (
  ctx: RequestCtx,
  caseId: string,
  folderId: string | null,
): Promise<TimelineEntry[]> => {
  if (!folderId) return [];
  const tree = sql`with recursive tree(id, depth) as (
      select ${folderId}::uuid, 0
      union all
      select f.id, tree.depth + 1 from folders f join tree on f.parent_id = tree.id
        where f.workspace_id = ${ctx.workspaceId} and f.deleted_at is null and tree.depth < 20)
    select id from tree`;
  const rows = await ctx.db
    .select({
      id: files.id,
      name: files.name,
      receiptDate: files.receiptDate,
      createdAt: files.createdAt,
      createdBy: files.createdBy,
    })
    .from(files)
    .where(inWorkspace(ctx, files, isNull(files.deletedAt), sql`${files.folderId} in (${tree})`))
    .orderBy(desc(files.createdAt))
    .limit(LIMIT);
  const link = `/case/detail/${caseId}?tab=documents`;
  return rows.map((r) =>
    entry({
      id: `documentAdded:${r.id}`,
      createdAt: r.createdAt,
      userId: r.createdBy,
      entity: "files",
      entityId: r.id,
      event: r.receiptDate ? "documentReceived" : "documentAdded",
      params: r.receiptDate ? { name: r.name, date: r.receiptDate } : { name: r.name },
      link,
    }),
  );
};
