import { createHash } from "node:crypto";

import { inArray } from "drizzle-orm";

import type { ConflictHit as Hit } from "../../../shared/contracts/conflicts";
import { cases } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";

/** Stable within a check: the save pairs decisions with hits by it. */
export const hitKey = (h: Hit) =>
  [
    h.keyword,
    h.source,
    h.match,
    h.name,
    h.accountId ?? "",
    h.caseId ?? "",
    h.path ? [h.path.direction, h.path.from, ...h.path.steps.map((s) => s.name)].join(">") : "",
  ].join("|");

/**
 * The check searches every case of the firm (a conflict hides anywhere), but a member whose case
 * rights are "only own" or "only my department" must not learn the names in cases they cannot
 * open. Such a hit keeps what a conflict needs, that a case exists, the party's conflict role and
 * so the flag, and whom to ask (its supervising partner); the party's name, the case's number,
 * name, status, date and lead lawyer are dropped. Its key becomes a digest of the full one, still
 * stable from check to save but naming nothing. Ethical walls hide cases the same way.
 */
export const maskHidden = async (ctx: RequestCtx, hits: Hit[]) => {
  const caseIds = [...new Set(hits.map((h) => h.caseId).filter((id): id is string => Boolean(id)))];
  if (caseIds.length === 0) return;
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  const canReadCases = ctx.ability.can("read", "LAWFIRM_CASE_VIEW");
  const open = new Set(
    !canReadCases
      ? []
      : readable === undefined
        ? caseIds
        : (
            await ctx.db
              .select({ id: cases.id })
              .from(cases)
              .where(inWorkspace(ctx, cases, inArray(cases.id, caseIds), readable))
          ).map((r) => r.id),
  );
  for (const h of hits) {
    if (!h.caseId || open.has(h.caseId)) continue;
    Object.assign(h, {
      key: `masked:${createHash("sha256").update(`${ctx.workspaceId}|${h.key}`).digest("hex").slice(0, 32)}`,
      masked: true,
      name: "",
      accountId: null,
      accountName: null,
      caseId: null,
      caseNo: null,
      caseName: null,
      caseStatus: null,
      caseCreatedAt: null,
      leadLawyer: null,
    });
  }
};
