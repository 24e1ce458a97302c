import { asc, ilike, or, sql } from "drizzle-orm";

import { leads } from "../../db/tables";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { likePattern, type SearchProvider } from "../search";

/**
 * Leads by number, title, the prospect's name or ID number, or a party's name: the reception desk
 * finds an enquiry by whatever the caller said on the phone. The lead's row scope applies, as on
 * the list.
 */
export const leadsSearch: SearchProvider = {
  type: "leads",
  labelKey: "search.groups.leads",
  permission: ["read", "LAWFIRM_LEAD_VIEW"],
  search: async (ctx, q, limit) => {
    const like = likePattern(q);
    const rows = await ctx.db
      .select({ id: leads.id, title: leads.title, leadNo: leads.leadNo })
      .from(leads)
      .where(
        inWorkspace(
          ctx,
          leads,
          rowScopeOf(ctx, "read", "LAWFIRM_LEAD_VIEW", "leads"),
          or(
            ilike(leads.leadNo, like),
            ilike(leads.title, like),
            ilike(leads.prospectName, like),
            sql`upper(${leads.prospectIdNumber}) = upper(${q})`,
            sql`exists (select 1 from jsonb_array_elements(${leads.parties}) p
              where p->>'name' ilike ${like})`,
          ),
        ),
      )
      .orderBy(asc(leads.leadNo))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      subtitle: r.leadNo,
      link: `/intake/${r.id}`,
    }));
  },
};
