import dayjs from "dayjs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { archiveLoans } from "../../db/tables";
import { DEFAULT_FIRM_TIME_ZONE } from "../../../shared/firm-time";
import { dueOnEachFirmsDay, firmDateOf } from "../../lib/firm-time";
import { writeBatch } from "../../lib/write-batch";
import { addNotificationsOf } from "../notifications";

/** An overdue loan reminds its borrower the day after its end and then once a week. */
const REMIND_EVERY_DAYS = 7;

type Overdue = {
  workspaceId: string;
  id: string;
  borrowerId: string;
  volumeNo: string | null;
  untilOn: string;
};

/**
 * Loans still active past their end day (each firm's own clock) remind the borrower: the claim
 * (reminded_on set) and the notices are one transaction, so two processes never both send one.
 * Returns how many borrowers were reminded.
 */
export const remindOverdueLoans = async (app: FastifyInstance, now = new Date()) => {
  const { db } = app.database;
  const due = await dueOnEachFirmsDay(
    db,
    now,
    archiveLoans.workspaceId,
    (day) => sql`${archiveLoans.untilOn} < ${day}::date`,
  );
  // A week apart whatever the zone: a day of difference between zones does not matter here.
  const stamp = firmDateOf(now, DEFAULT_FIRM_TIME_ZONE);
  const since = dayjs(stamp).subtract(REMIND_EVERY_DAYS, "day").format("YYYY-MM-DD");
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update archive_loans set reminded_on = ${stamp}::date
        from archive_volumes v
       where v.workspace_id = archive_loans.workspace_id and v.id = archive_loans.volume_id
         and archive_loans.status = 'active' and ${due ?? sql`false`}
         and (archive_loans.reminded_on is null or archive_loans.reminded_on <= ${since}::date)
      returning archive_loans.workspace_id as "workspaceId", archive_loans.id,
                archive_loans.borrower_id as "borrowerId", v.volume_no as "volumeNo",
                archive_loans.until_on::text as "untilOn"`);
    const rows = (result as unknown as { rows: Overdue[] }).rows;
    if (rows.length === 0) return 0;
    const batch = writeBatch(tx);
    addNotificationsOf(
      batch,
      null,
      rows.map((r) => ({
        workspaceId: r.workspaceId,
        userIds: [r.borrowerId],
        type: "archive",
        titleKey: "archiveLoans.overdueNotice",
        params: { volumeNo: r.volumeNo ?? "", untilOn: r.untilOn },
        link: `/archive/loans?loan=${r.id}`,
        entity: "archive_loans",
        entityId: r.id,
      })),
    );
    await batch.run();
    return rows.length;
  });
};
