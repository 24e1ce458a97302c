import { and, asc, eq, ilike, isNull, or } from "drizzle-orm";

import { departments, files, members, users } from "../../db/tables";
import { inWorkspace } from "../../lib/tenant";
import { likePattern, type SearchProvider } from "./registry";

/** People of the firm by name, username, phone or email. */
export const membersSearch: SearchProvider = {
  type: "members",
  labelKey: "search.groups.members",
  permission: ["basic", "BASIC_PERMISSION"],
  search: async (ctx, q, limit) => {
    const like = likePattern(q);
    const rows = await ctx.db
      .select({
        id: users.id,
        name: users.name,
        suffix: users.nameSuffix,
        position: members.position,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(
        inWorkspace(
          ctx,
          members,
          or(
            ilike(users.name, like),
            ilike(users.username, like),
            ilike(users.phone, like),
            ilike(users.email, like),
          ),
        ),
      )
      .orderBy(asc(users.name))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.suffix ? `${r.name} (${r.suffix})` : r.name,
      subtitle: r.position,
      link: `/settings/members?id=${r.id}`,
    }));
  },
};

export const departmentsSearch: SearchProvider = {
  type: "departments",
  labelKey: "search.groups.departments",
  permission: ["read", "ORG_DEPARTMENT"],
  search: async (ctx, q, limit) => {
    const rows = await ctx.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(inWorkspace(ctx, departments, ilike(departments.name, likePattern(q))))
      .orderBy(asc(departments.name))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, title: r.name, link: `/settings/departments?id=${r.id}` }));
  },
};

export const documentsSearch: SearchProvider = {
  type: "documents",
  labelKey: "search.groups.documents",
  permission: ["read", "LAWFIRM_DOCUMENT_VIEW"],
  search: async (ctx, q, limit) => {
    const rows = await ctx.db
      .select({ id: files.id, name: files.name, folderId: files.folderId })
      .from(files)
      .where(
        and(inWorkspace(ctx, files, ilike(files.name, likePattern(q))), isNull(files.deletedAt)),
      )
      .orderBy(asc(files.name))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      link: `/document?${r.folderId ? `folder=${r.folderId}&` : ""}file=${r.id}`,
    }));
  },
};
