import { lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { archiveVolumes } from "../../db/tables";
import { dueOnEachFirmsDay } from "../../lib/firm-time";
import { writeBatch } from "../../lib/write-batch";
import { addNotificationsOf } from "../notifications";

type Due = {
  workspaceId: string;
  id: string;
  caseName: string;
  dueOn: string;
  lawyerId: string | null;
};

/**
 * The archivists of each firm: enabled members of a role that may update volumes (its rules name
 * LAWFIRM_ARCHIVE_VIEW with update), or of the admin role.
 */
const archivistsOf = async (db: FastifyInstance["database"]["db"], workspaceIds: string[]) => {
  const result = await db.execute(sql`
    select distinct mr.workspace_id as "workspaceId", mr.user_id as "userId"
      from member_roles mr
      join roles r on r.workspace_id = mr.workspace_id and r.id = mr.role_id
      join members m on m.workspace_id = mr.workspace_id and m.user_id = mr.user_id
     where mr.workspace_id = any(${sql.param(workspaceIds)}::uuid[]) and m.is_enabled
       and (r.code = 'admin' or exists (
         select 1 from jsonb_array_elements(r.rules) x
          where (x -> 'subject' = '"LAWFIRM_ARCHIVE_VIEW"'::jsonb
                 or (jsonb_typeof(x -> 'subject') = 'array' and x -> 'subject' ? 'LAWFIRM_ARCHIVE_VIEW'))
            and (x -> 'action' = '"update"'::jsonb
                 or (jsonb_typeof(x -> 'action') = 'array' and x -> 'action' ? 'update'))))`);
  const out = new Map<string, string[]>();
  for (const r of (result as unknown as { rows: { workspaceId: string; userId: string }[] }).rows)
    out.set(r.workspaceId, [...(out.get(r.workspaceId) ?? []), r.userId]);
  return out;
};

/**
 * Volumes past their due date (on each firm's own clock) and not archived are announced once to
 * the case's lead lawyer and the firm's archivists: the claim (overdue_notified_at set where it
 * was null) and the notices are one transaction, so two processes never both send one.
 * The list flags them as long as they stay overdue. Returns how many volumes were announced.
 */
export const notifyOverdueVolumes = async (app: FastifyInstance, now = new Date()) => {
  const { db } = app.database;
  const due = await dueOnEachFirmsDay(db, now, archiveVolumes.workspaceId, (today) =>
    lt(archiveVolumes.dueOn, today),
  );
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update archive_volumes v set overdue_notified_at = now()
        from cases c
       where c.workspace_id = v.workspace_id and c.id = v.case_id
         and v.status <> 'archived' and v.overdue_notified_at is null and ${due ?? sql`false`}
      returning v.workspace_id as "workspaceId", v.id, c.name as "caseName", v.due_on::text as "dueOn",
                coalesce(c.lead_lawyer_id, c.created_by) as "lawyerId"`);
    const rows = (result as unknown as { rows: Due[] }).rows;
    if (rows.length === 0) return 0;
    const archivists = await archivistsOf(tx, [...new Set(rows.map((r) => r.workspaceId))]);
    const batch = writeBatch(tx);
    addNotificationsOf(
      batch,
      null,
      rows.map((r) => ({
        workspaceId: r.workspaceId,
        userIds: [...(r.lawyerId ? [r.lawyerId] : []), ...(archivists.get(r.workspaceId) ?? [])],
        type: "archive",
        titleKey: "archive.notifications.overdue",
        params: { caseName: r.caseName, dueOn: r.dueOn },
        link: `/archive/volumes/${r.id}`,
        entity: "archive_volumes",
        entityId: r.id,
      })),
    );
    await batch.run();
    return rows.length;
  });
};
