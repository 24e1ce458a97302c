import { asc, ilike, or } from "drizzle-orm";

import { accounts } from "../../db/tables";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { likePattern, type SearchProvider } from "../search";

/** Clients by name, organization ID or ID number, linking to their detail page. */
export const clientsSearch: SearchProvider = {
  type: "clients",
  labelKey: "search.groups.clients",
  permission: ["read", "LAWFIRM_CUSTOMER_VIEW"],
  search: async (ctx, q, limit) => {
    const like = likePattern(q);
    const rows = await ctx.db
      .select({
        id: accounts.id,
        name: accounts.name,
        accountType: accounts.accountType,
        creditCode: accounts.creditCode,
      })
      .from(accounts)
      .where(
        inWorkspace(
          ctx,
          accounts,
          rowScopeOf(ctx, "read", "LAWFIRM_CUSTOMER_VIEW", "accounts"),
          or(
            ilike(accounts.name, like),
            ilike(accounts.creditCode, like),
            ilike(accounts.idNumber, like),
          ),
        ),
      )
      .orderBy(asc(accounts.name))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      subtitle: r.creditCode ?? undefined,
      link: `/contacts/${r.accountType === "organization" ? "instution" : "natural"}-detail/${r.id}`,
    }));
  },
};
