import { sql } from "drizzle-orm";

import type { FeeArrangement, Instalment, TriggerDates } from "../../../shared/fees";
import {
  FeeInputError,
  addDays,
  daysBetween,
  formatCents,
  parseCents,
  sumCents,
} from "../../../shared/fees";
import { DEFAULT_FIRM_TIME_ZONE, isTimeZone } from "../../../shared/firm-time";
import { formatMoney } from "../../../shared/money";
import type { Db } from "../../db/client";
import { outboxMessages, workspaces } from "../../db/tables";
import { linkBaseOfFirm } from "../../lib/firm-origin";
import { firmDateOf } from "../../lib/firm-time";
import { translatorFor } from "../../lib/i18n";
import { writeBatch } from "../../lib/write-batch";
import { isDeliverable, mailboxesOf, type Senders } from "../messages";
import { addNotificationsOf } from "../notifications";
import { type CaseFeeFacts, factsColumns, factsJoins } from "./case-facts";
import { financeMembers } from "./recipients";
import { feeTermsView } from "./schedule-view";

/** Cases read per statement; each brings its terms and two sums. */
const BATCH = 500;
/** Lines an e-mail digest lists before "and N more". */
const DIGEST_LINES = 20;

export type ReminderMail = { senders: Senders; publicUrl?: string };

/**
 * The lead lawyer hears of an overdue instalment on its 1st, 7th and 30th day overdue and every
 * 30 days after; after downtime only the band it has reached is sent, not every one it passed.
 */
export const reminderBand = (days: number): number | null =>
  days >= 30 ? Math.floor(days / 30) * 30 : days >= 7 ? 7 : days >= 1 ? 1 : null;

/** The ISO week of a day ("2026-W48") and its Monday: the finance digest's interval. */
export const isoWeekOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const thursday = addDays(day, 3 - weekday);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { label: `${year}-W${String(week).padStart(2, "0")}`, monday: addDays(day, -weekday) };
};

type Overdue = {
  caseId: string;
  caseName: string;
  lawyerId: string | null;
  index: number;
  label: string | null;
  dueDate: string;
  outstanding: string;
  days: number;
};

type TermsRow = CaseFeeFacts & {
  caseId: string;
  arrangement: FeeArrangement | null;
  schedule: Instalment[];
  triggerDates: TriggerDates;
  lawyerId: string | null;
};

/** One batch of the firm's cases with a schedule, after `after` in case id order. */
const readBatch = async (db: Db, workspaceId: string, today: string, after: string) => {
  const result = await db.execute(sql`
    select t.case_id as "caseId", t.arrangement, t.schedule, t.trigger_dates as "triggerDates",
           coalesce(c.lead_lawyer_id, c.created_by) as "lawyerId", ${factsColumns}
      from case_fee_terms t
      join cases c on c.workspace_id = t.workspace_id and c.id = t.case_id
      ${factsJoins(today)}
     where t.workspace_id = ${workspaceId} and t.case_id > ${after}::uuid
       and jsonb_array_length(t.schedule) > 0 and c.status <> 'terminated'
     order by t.case_id
     limit ${BATCH}`);
  return (result as unknown as { rows: TermsRow[] }).rows;
};

/** The overdue instalments of one case on `today` (a case whose stored terms no longer compute is skipped). */
const overdueOf = (row: TermsRow, today: string): Overdue[] => {
  try {
    const view = feeTermsView(
      row.caseId,
      { ...row, sourceContractId: null, version: 0 },
      row,
      today,
    );
    return view.instalments
      .filter((i) => i.status === "overdue" && i.effectiveDueDate)
      .map((i) => ({
        caseId: row.caseId,
        caseName: row.name,
        lawyerId: row.lawyerId,
        index: i.index,
        label: i.label,
        dueDate: i.effectiveDueDate!,
        outstanding: i.outstanding,
        days: i.daysOverdue,
      }));
  } catch (error) {
    if (error instanceof FeeInputError) return [];
    throw error;
  }
};

type Firm = { id: string; today: string; base: string };

const paramsOf = (o: Overdue) => ({
  caseName: o.caseName,
  n: o.index + 1,
  amount: formatMoney(o.outstanding),
  dueDate: o.dueDate,
  days: o.days,
});

/**
 * Claims the lead-lawyer notices of these overdue instalments (insert … on conflict do nothing:
 * the primary key is the instalment, its due date and the band, so two app processes never both
 * win one) and, in the same transaction, notifies the lawyers of the ones this run won, in the
 * app and by e-mail (the Outbox when no sender is configured).
 */
const remindLawyers = async (db: Db, firm: Firm, due: Overdue[], mail: ReminderMail) => {
  const banded = due
    .map((o) => ({ o, band: reminderBand(o.days) }))
    .filter((x): x is { o: Overdue; band: number } => x.band !== null && x.o.lawyerId !== null);
  if (banded.length === 0) return 0;
  return db.transaction(async (tx) => {
    const param = <T>(values: T[]) => sql.param(values);
    const result = await tx.execute(sql`
      insert into fee_instalment_notices (workspace_id, case_id, instalment_index, due_date, interval)
      select ${firm.id}::uuid, k.case_id, k.idx, k.due, k.band
        from unnest(${param(banded.map((x) => x.o.caseId))}::uuid[],
                    ${param(banded.map((x) => x.o.index))}::int[],
                    ${param(banded.map((x) => x.o.dueDate))}::date[],
                    ${param(banded.map((x) => `lawyer:${x.band}`))}::text[]) as k(case_id, idx, due, band)
      on conflict do nothing
      returning case_id as "caseId", instalment_index as "index", due_date::text as "dueDate"`);
    const won = new Set(
      (
        result as unknown as { rows: { caseId: string; index: number; dueDate: string }[] }
      ).rows.map((r) => `${r.caseId}:${r.index}:${r.dueDate}`),
    );
    const sent = banded
      .map((x) => x.o)
      .filter((o) => won.has(`${o.caseId}:${o.index}:${o.dueDate}`));
    if (sent.length === 0) return 0;
    const mailTo = await mailboxesOf(
      tx,
      firm.id,
      sent.map((o) => o.lawyerId!),
    );
    const batch = writeBatch(tx);
    addNotificationsOf(
      batch,
      null,
      sent.map((o) => ({
        workspaceId: firm.id,
        userIds: [o.lawyerId!],
        type: "fees",
        titleKey: "fees.notifications.overdue",
        params: paramsOf(o),
        link: `/case/detail/${o.caseId}?tab=finance`,
        entity: "cases",
        entityId: o.caseId,
      })),
    );
    const mails = sent.flatMap((o) => {
      const to = mailTo.get(o.lawyerId!);
      if (!to) return [];
      const t = translatorFor(to.lang);
      const params = {
        ...paramsOf(o),
        link: `${firm.base}/manage/case/detail/${o.caseId}?tab=finance`,
      };
      const subject = t("fees.notifications.overdue", params);
      return [
        {
          workspaceId: firm.id,
          channel: "email",
          recipient: to.email,
          subject,
          body: t("fees.email.overdueBody", { ...params, subject }),
          kind: "fees.overdue",
          entity: "cases",
          entityId: o.caseId,
          status: isDeliverable(mail.senders, "email") ? "pending" : "outbox",
        },
      ];
    });
    if (mails.length) batch.add(tx.insert(outboxMessages).values(mails));
    await batch.run();
    return sent.length;
  });
};

/**
 * Finance's weekly digest of every overdue instalment, once per firm and ISO week: the week's
 * notice row (keyed by the firm's own id in place of a case, instalment -1, the week's Monday) is
 * claimed in the same transaction as the digest, so only one process sends it.
 */
const digestForFinance = async (db: Db, firm: Firm, overdue: Overdue[], mail: ReminderMail) => {
  if (overdue.length === 0) return 0;
  const week = isoWeekOf(firm.today);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      insert into fee_instalment_notices (workspace_id, case_id, instalment_index, due_date, interval)
      values (${firm.id}, ${firm.id}, -1, ${week.monday}, ${`finance:${week.label}`})
      on conflict do nothing returning 1`);
    if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return 0;
    const recipients = await financeMembers(tx, firm.id);
    if (recipients.length === 0) return 0;
    const sorted = [...overdue].sort(
      (a, b) => b.days - a.days || a.caseName.localeCompare(b.caseName),
    );
    const params = {
      count: overdue.length,
      amount: formatMoney(
        formatCents(sumCents(overdue.map((o) => parseCents(o.outstanding) ?? 0n))),
      ),
      week: week.label,
    };
    const batch = writeBatch(tx);
    addNotificationsOf(batch, null, [
      {
        workspaceId: firm.id,
        userIds: recipients,
        type: "fees",
        titleKey: "fees.notifications.digest",
        params,
        link: "/finance/receivables",
      },
    ]);
    const mailTo = await mailboxesOf(tx, firm.id, recipients);
    const mails = [...mailTo.values()].map((to) => {
      const t = translatorFor(to.lang);
      const lines = sorted
        .slice(0, DIGEST_LINES)
        .map((o) => t("fees.email.digestLine", paramsOf(o)));
      if (sorted.length > DIGEST_LINES)
        lines.push(t("fees.email.digestMore", { count: sorted.length - DIGEST_LINES }));
      const subject = t("fees.notifications.digest", params);
      return {
        workspaceId: firm.id,
        channel: "email",
        recipient: to.email,
        subject,
        body: t("fees.email.digestBody", {
          subject,
          lines: lines.join("\n"),
          link: `${firm.base}/manage/finance/receivables`,
        }),
        kind: "fees.digest",
        status: isDeliverable(mail.senders, "email") ? "pending" : "outbox",
      };
    });
    if (mails.length) batch.add(tx.insert(outboxMessages).values(mails));
    await batch.run();
    return 1;
  });
};

/**
 * The overdue-instalment job: every firm on its own day, its cases with a schedule in batches,
 * lead lawyers told per instalment and band, finance once a week. Answers how many notices it
 * sent (lawyer notices plus digests).
 */
export const runFeeReminders = async (
  db: Db,
  now = new Date(),
  mail: ReminderMail = { senders: {} },
) => {
  const firms = await db
    .select({ id: workspaces.id, zone: sql<string | null>`${workspaces.settings} ->> 'timeZone'` })
    .from(workspaces);
  let sent = 0;
  for (const { id, zone } of firms) {
    const firm: Firm = {
      id,
      today: firmDateOf(now, isTimeZone(zone) ? zone : DEFAULT_FIRM_TIME_ZONE),
      base: await linkBaseOfFirm(db, id, mail.publicUrl),
    };
    const overdue: Overdue[] = [];
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await readBatch(db, id, firm.today, after);
      const due = rows.flatMap((row) => overdueOf(row, firm.today));
      overdue.push(...due);
      sent += await remindLawyers(db, firm, due, mail);
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].caseId;
    }
    sent += await digestForFinance(db, firm, overdue, mail);
  }
  return sent;
};
