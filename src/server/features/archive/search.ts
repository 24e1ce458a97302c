import { and, asc, eq, ilike, isNotNull, or, sql } from "drizzle-orm";

import { comparableName } from "../../../shared/compare-text";
import { archiveVolumes, cases } from "../../db/tables";
import { inWorkspace } from "../../lib/tenant";
import { likePattern, type SearchProvider } from "../search";
import { today, volumeReadScope } from "./volumes";

/**
 * Archive volumes by archive number, case number, case name or a party's name, those the caller may read (their
 * cases', a loan's, or every one for the archivist), as the volume list shows them.
 */
export const volumesSearch: SearchProvider = {
  type: "archiveVolumes",
  labelKey: "search.groups.archiveVolumes",
  permission: ["read", "LAWFIRM_ARCHIVE_VIEW"],
  search: async (ctx, q, limit) => {
    const like = likePattern(q);
    const rows = await ctx.db
      .select({ id: archiveVolumes.id, volumeNo: archiveVolumes.volumeNo, caseName: cases.name })
      .from(archiveVolumes)
      .innerJoin(
        cases,
        and(eq(cases.workspaceId, archiveVolumes.workspaceId), eq(cases.id, archiveVolumes.caseId)),
      )
      .where(
        inWorkspace(
          ctx,
          archiveVolumes,
          isNotNull(archiveVolumes.volumeNo),
          volumeReadScope(ctx, await today(ctx)),
          or(
            ilike(archiveVolumes.volumeNo, like),
            ilike(cases.caseNo, like),
            ilike(cases.name, like),
            sql`exists (select 1 from case_parties p where p.workspace_id = ${cases.workspaceId}
              and p.case_id = ${cases.id} and p.name_norm like ${likePattern(comparableName(q))})`,
          ),
        ),
      )
      .orderBy(asc(archiveVolumes.volumeNo))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.caseName,
      subtitle: r.volumeNo ?? undefined,
      link: `/archive/volumes/${r.id}`,
    }));
  },
};
