import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";

import { formatFirmTime } from "../../../shared/firm-time";
import { type Language, pickLanguage } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import {
  caseMembers,
  cases,
  keyDateReminders,
  keyDates,
  members,
  outboxMessages,
  users,
} from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { linkBaseOfFirm } from "../../lib/firm-origin";
import { dueOnEachFirmsDay, readFirmTimeZone } from "../../lib/firm-time";
import { writeBatch } from "../../lib/write-batch";
import type { Senders } from "../messages";
import { addNotificationsOf } from "../notifications";
import { inLanguage } from "./data";

const BATCH = 500;
/** Reminders per statement inside a batch (each brings a few notification and e-mail rows). */
const SLICE = 100;

/**
 * Each recipient's e-mail in the firm that sends and their language: the member's work address in
 * that firm. The account's own address stands in only for someone in one firm alone: a partner of
 * two firms must not get one firm's deadlines at his address in the other.
 */
const mailboxes = async (
  tx: Db,
  due: { workspaceId: string; responsibleId: string | null; leadPartnerId: string | null }[],
) => {
  const workspaceIds = [...new Set(due.map((d) => d.workspaceId))];
  const rows = await tx
    .select({
      workspaceId: members.workspaceId,
      userId: members.userId,
      work: members.email,
      own: users.email,
      prefs: users.preferences,
      firms: sql<number>`(select count(*)::int from ${members} m2 where m2.user_id = ${members.userId})`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(inArray(members.workspaceId, workspaceIds), eq(members.isEnabled, true)));
  const out = new Map<string, { email: string; lang: Language }>();
  for (const m of rows) {
    const email = (m.work || (m.firms === 1 ? m.own : "")).trim();
    if (email)
      out.set(`${m.workspaceId}:${m.userId}`, { email, lang: pickLanguage(m.prefs.language) });
  }
  return out;
};

/**
 * Sends every reminder whose day has come (and, the day after an open key date's due date, its
 * escalation to the supervising partner), in batches claimed with FOR UPDATE SKIP LOCKED: two app
 * processes never take the same row, and a row is stamped sent in the same transaction as its
 * notifications, so each goes out once. It selects by date, not by schedule, so after downtime it
 * catches up; reminders of key dates no longer open are stamped without a message. Answers how
 * many reminder rows it handled.
 */
export const runDeadlineReminders = async (
  db: Db,
  now = new Date(),
  mail: { senders: Senders; publicUrl?: string } = { senders: {} },
) => {
  // A reminder's day comes at its firm's midnight.
  const dueToday = await dueOnEachFirmsDay(db, now, keyDateReminders.workspaceId, (today) =>
    lte(keyDateReminders.sendOn, today),
  );
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          workspaceId: keyDateReminders.workspaceId,
          keyDateId: keyDateReminders.keyDateId,
          kind: keyDateReminders.kind,
          offsetDays: keyDateReminders.offsetDays,
          status: keyDates.status,
          title: keyDates.title,
          titleEn: keyDates.titleEn,
          dueDate: keyDates.dueDate,
          startsAt: keyDates.startsAt,
          caseId: keyDates.caseId,
          responsibleId: keyDates.responsibleId,
          caseName: cases.name,
          leadPartnerId: cases.leadPartnerId,
        })
        .from(keyDateReminders)
        .innerJoin(
          keyDates,
          and(
            eq(keyDates.workspaceId, keyDateReminders.workspaceId),
            eq(keyDates.id, keyDateReminders.keyDateId),
          ),
        )
        .innerJoin(
          cases,
          and(eq(cases.workspaceId, keyDates.workspaceId), eq(cases.id, keyDates.caseId)),
        )
        .where(and(isNull(keyDateReminders.sentAt), dueToday))
        .orderBy(asc(keyDateReminders.sendOn))
        .limit(BATCH)
        .for("update", { of: keyDateReminders, skipLocked: true });
      if (due.length === 0) return 0;
      const teams = await tx
        .select({
          workspaceId: caseMembers.workspaceId,
          caseId: caseMembers.caseId,
          userId: caseMembers.userId,
        })
        .from(caseMembers)
        .where(inArray(caseMembers.caseId, [...new Set(due.map((d) => d.caseId))]));
      const teamOf = (ws: string, caseId: string) =>
        teams.filter((m) => m.workspaceId === ws && m.caseId === caseId).map((m) => m.userId);
      const batch = writeBatch(tx);
      // One UPDATE for the whole batch's sent stamps, its keys as four array parameters: a
      // row-value list of 500 tuples (2 000 parameters) made PGlite abort, and the app with it.
      const column = <K extends keyof (typeof due)[number]>(key: K) =>
        sql.param(due.map((r) => r[key]));
      batch.add(
        tx
          .update(keyDateReminders)
          .set({ sentAt: now })
          .where(
            sql`(${keyDateReminders.workspaceId}, ${keyDateReminders.keyDateId}, ${keyDateReminders.kind}, ${keyDateReminders.offsetDays}) in (
              select * from unnest(${column("workspaceId")}::uuid[], ${column("keyDateId")}::uuid[], ${column("kind")}::text[], ${column("offsetDays")}::int[]))`,
          ),
      );
      const mailTo = await mailboxes(tx, due);
      // Per firm: the base of absolute links (a mail client has none) and the clock times are read on.
      const firms = new Map<string, { base: string; zone: string }>();
      for (const ws of new Set(due.map((d) => d.workspaceId))) {
        firms.set(ws, {
          base: await linkBaseOfFirm(tx, ws, mail.publicUrl),
          zone: await readFirmTimeZone(tx, ws),
        });
      }
      // A reminder's notification and e-mails are rows of one insert each per slice, not parts of
      // their own: a slice's statement stays small to plan and well under 65 535 parameters.
      for (let i = 0; i < due.length; i += SLICE) {
        const notes: Parameters<typeof addNotificationsOf>[2] = [];
        const mails: (typeof outboxMessages.$inferInsert)[] = [];
        for (const r of due.slice(i, i + SLICE)) {
          if (r.status !== "open") continue;
          const isEscalation = r.kind === "escalation";
          const userIds = isEscalation
            ? [r.leadPartnerId, r.responsibleId].filter((u): u is string => typeof u === "string")
            : [r.responsibleId, ...teamOf(r.workspaceId, r.caseId)];
          const key = isEscalation ? "overdue" : r.offsetDays === 0 ? "today" : "reminder";
          notes.push({
            workspaceId: r.workspaceId,
            userIds,
            type: "deadline",
            titleKey: `deadlines.notifications.${key}`,
            // `title@en`: an English reader sees the rule's English name (shared/seed-texts paramsIn).
            params: {
              title: r.title,
              ...(r.titleEn ? { "title@en": r.titleEn } : {}),
              caseName: r.caseName,
              dueDate: r.dueDate,
              days: r.offsetDays,
            },
            link: `/cases/${r.caseId}/key-dates`,
            entity: "key_dates",
            entityId: r.keyDateId,
          });
          // The same reminder by e-mail to whoever has an address; without a sender it waits in the Outbox.
          const firm = firms.get(r.workspaceId)!;
          // A hearing's time is the firm's, labelled with its offset: the reader may be abroad.
          const dueDate = r.startsAt
            ? formatFirmTime(r.startsAt, firm.zone, "YYYY-MM-DD HH:mm", true)
            : r.dueDate;
          const params = {
            title: r.title,
            caseName: r.caseName,
            dueDate,
            days: r.offsetDays,
            link: `${firm.base}/manage/case/detail/${r.caseId}?tab=key-dates`,
          };
          for (const userId of new Set(userIds)) {
            const to = mailTo.get(`${r.workspaceId}:${userId}`);
            if (!to) continue;
            const t = translatorFor(to.lang);
            const inLang = { ...params, title: inLanguage(r.title, r.titleEn, to.lang) };
            const subject = t(`deadlines.notifications.${key}`, inLang);
            mails.push({
              workspaceId: r.workspaceId,
              channel: "email",
              recipient: to.email,
              subject,
              body: t("deadlines.email.body", { ...inLang, subject }),
              kind: "deadline.reminder",
              entity: "key_dates",
              entityId: r.keyDateId,
              status: mail.senders.email ? "pending" : "outbox",
            });
          }
        }
        addNotificationsOf(batch, null, notes);
        if (mails.length) batch.add(tx.insert(outboxMessages).values(mails));
        await batch.run();
      }
      return due.length;
    });
    total += done;
    if (done < BATCH) return total;
    // PGlite runs one statement at a time: let the requests that queued meanwhile through.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
