import { asc, ilike, or, sql } from "drizzle-orm";

import { cases } from "../../db/tables";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { likePattern, type SearchProvider } from "../search";
import { normalizeName } from "./normalize";

/** Cases by internal number, name, a party's name or ID number, or a court case number. */
export const casesSearch: SearchProvider = {
  type: "cases",
  labelKey: "search.groups.cases",
  permission: ["read", "LAWFIRM_CASE_VIEW"],
  search: async (ctx, q, limit) => {
    const like = likePattern(q);
    const partyLike = likePattern(normalizeName(q));
    const rows = await ctx.db
      .select({ id: cases.id, name: cases.name, caseNo: cases.caseNo })
      .from(cases)
      .where(
        inWorkspace(
          ctx,
          cases,
          rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases"),
          or(
            ilike(cases.caseNo, like),
            ilike(cases.name, like),
            sql`exists (select 1 from case_parties p where p.workspace_id = ${cases.workspaceId} and p.case_id = ${cases.id}
              and (p.name_norm like ${partyLike} or p.id_number = upper(${q})))`,
            sql`exists (select 1 from case_court_numbers n where n.workspace_id = ${cases.workspaceId} and n.case_id = ${cases.id}
              and n.number ilike ${like})`,
          ),
        ),
      )
      .orderBy(asc(cases.caseNo))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      subtitle: r.caseNo,
      link: `/case/detail/${r.id}`,
    }));
  },
};
