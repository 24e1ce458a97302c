import { and, desc, eq, isNotNull } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases, caseSubmissions, workflowInstances } from "../../db/tables";
import { entityHistory } from "../../lib/entity-history";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { titleIn } from "../workflow";
import { caseTaskEvents } from "./timeline-tasks";
import {
  contractEntries,
  documentEntries,
  keyDateEntries,
  sealRequestEntries,
  type TimelineEntry,
} from "./timeline-sources";

/** How many entries a case's timeline shows, as for any record's history. */
const LIMIT = 200;
/** Bookkeeping every row carries: who and when are the entry's own, not a change to show. */
const BOOKKEEPING = new Set(["createdAt", "createdBy", "updatedAt", "updatedBy"]);

type Diff = Record<string, { from?: unknown; to?: unknown } | undefined> | null;
const toOf = (diff: Diff, key: string) => diff?.[key]?.to;
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The approval that opened the case, if it was opened through one (not imported or seeded). */
const openingApproval = async (ctx: RequestCtx, caseId: string) => {
  const [row] = await ctx.db
    .select({
      id: workflowInstances.id,
      title: workflowInstances.title,
      titleI18n: workflowInstances.titleI18n,
      initiatorId: workflowInstances.initiatorId,
    })
    .from(caseSubmissions)
    .innerJoin(
      workflowInstances,
      and(
        eq(workflowInstances.workspaceId, caseSubmissions.workspaceId),
        eq(workflowInstances.id, caseSubmissions.instanceId),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        caseSubmissions,
        eq(caseSubmissions.caseId, caseId),
        isNotNull(caseSubmissions.instanceId),
      ),
    )
    .orderBy(desc(caseSubmissions.createdAt))
    .limit(1);
  return row;
};

/**
 * The case's own audited changes as sentences: its creation (who opened it through which
 * approval), changes as the labelled fields that changed (internal keys such as the folder,
 * the version or the pending changes are not the reader's business), change approvals, and
 * task templates applied. An update that changed only internal keys says nothing and is left out.
 */
const ownEntries = async (
  ctx: RequestCtx,
  caseId: string,
  labelled: Map<string, string>,
  kase: { caseNo: string; name: string },
) => {
  const [rows, approval] = await Promise.all([
    entityHistory(ctx, "cases", caseId),
    openingApproval(ctx, caseId),
  ]);
  const shown = (keys: string[]) =>
    keys.flatMap((k) => (BOOKKEEPING.has(k) ? [] : (labelled.get(k) ?? [])));
  return rows.flatMap((r): TimelineEntry[] => {
    const diff = r.diff as Diff;
    const base = { ...r, entity: "cases" };
    if (r.action === "create") {
      const params = {
        caseNo: text(toOf(diff, "caseNo")) || kase.caseNo,
        name: text(toOf(diff, "name")) || kase.name,
      };
      if (!approval) return [{ ...base, event: "createdDirect", params }];
      // The one who asked for the case opened it; the accepting approver only wrote the row.
      return [
        {
          ...base,
          userId: approval.initiatorId,
          event: "created",
          params: { ...params, approval: titleIn(ctx.lang, approval) },
          link: `/case/workflow/${approval.id}`,
        },
      ];
    }
    if (toOf(diff, "appliedTemplate")) {
      return [
        {
          ...base,
          event: "templateApplied",
          params: {
            tasks: Number(toOf(diff, "tasks") ?? 0),
            keyDates: Number(toOf(diff, "keyDates") ?? 0),
          },
        },
      ];
    }
    if (r.action === "workflow") {
      const pending = toOf(diff, "pendingChanges");
      if (pending && typeof pending === "object")
        return [{ ...base, event: "changeSubmitted", fields: shown(Object.keys(pending)) }];
      return [{ ...base, event: "changeRejected" }];
    }
    const fields = shown(Object.keys(diff ?? {}));
    return fields.length > 0 ? [{ ...base, event: "changed", fields }] : [];
  });
};

/** A case's task events: added (by hand or by a template), done and reopened. */
const taskEntries = async (ctx: RequestCtx, caseId: string): Promise<TimelineEntry[]> =>
  (await caseTaskEvents(ctx, caseId)).map((r) => ({
    ...r,
    event:
      r.action === "create" ? "taskCreated" : r.status === "done" ? "taskDone" : "taskReopened",
    params: { title: r.title ?? "" },
    link: `/case/detail/${caseId}?tab=tasks`,
  }));

/**
 * A case's timeline, newest first: its own changes and creation, its tasks, key dates and their
 * sign-off, the contracts made and signed on it, its seal requests and the documents that arrived
 * in its folder, each one sentence (`cases.timelineEvents.<event>`). Every source is read within the
 * caller's firm; the route has checked that the case is in the caller's scope.
 */
export const caseTimeline = async (
  ctx: RequestCtx,
  caseId: string,
  labelled: Map<string, string>,
) => {
  const [kase] = await ctx.db
    .select({ caseNo: cases.caseNo, name: cases.name, folderId: cases.folderId })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!kase) throw new AppError(404, "errors.notFound");
  const parts = await Promise.all([
    ownEntries(ctx, caseId, labelled, kase),
    taskEntries(ctx, caseId),
    keyDateEntries(ctx, caseId),
    contractEntries(ctx, caseId),
    sealRequestEntries(ctx, caseId),
    documentEntries(ctx, caseId, kase.folderId),
  ]);
  // By time; audit entries of one moment keep their order by id.
  const at = (e: TimelineEntry) => new Date(e.createdAt).getTime();
  return parts
    .flat()
    .sort(
      (a, b) =>
        at(b) - at(a) || (typeof a.id === "number" && typeof b.id === "number" ? b.id - a.id : 0),
    )
    .slice(0, LIMIT);
};
