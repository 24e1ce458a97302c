import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import type { SubscriptionPeriod } from "../../../shared/contracts/report-subscriptions";
import type { ReportAnswer } from "../../../shared/contracts/reports";
import { AppError } from "../../../shared/errors";
import { DEFAULT_FIRM_TIME_ZONE, isTimeZone } from "../../../shared/firm-time";
import { pickLanguage } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import { departments, members, reportSubscriptions, users, workspaces } from "../../db/tables";
import { linkBaseOfFirm } from "../../lib/firm-origin";
import { translatorFor } from "../../lib/i18n";
import { memberCtx } from "../../lib/member-ctx";
import { XLSX_MIME } from "../../schema-engine/export";
import { mailboxesOf, queueMessage, type OutboxDeps } from "../messages";
import { reportWorkbook, runReport } from "../reports";
import { reportSummary } from "./mail";
import { pauseWithNotice } from "./pause";
import { coveredDays, type DuePeriod, latestDue, type Schedule } from "./schedule";
import type { SubscriptionRow } from "./service";

/** Subscriptions read per statement. */
const BATCH = 200;
const NIL = "00000000-0000-0000-0000-000000000000";

/** Each firm's zone, read once a run (an admin's change applies from the next run). */
const firmZones = async (db: Db) => {
  const rows = await db
    .select({ id: workspaces.id, zone: sql<string | null>`${workspaces.settings} ->> 'timeZone'` })
    .from(workspaces);
  return new Map(rows.map((r) => [r.id, isTimeZone(r.zone) ? r.zone : DEFAULT_FIRM_TIME_ZONE]));
};

/** Whether the subscriber could sign in to the firm now (account and membership enabled). */
const canSignIn = async (db: Db, row: SubscriptionRow) => {
  const [who] = await db
    .select({ member: members.isEnabled, user: users.isEnabled })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.workspaceId, row.workspaceId), eq(members.userId, row.userId)));
  return Boolean(who?.member && who.user);
};

/** The scope as the reader knows it: "Whole firm", the department's name, or "Me". */
const scopeText = async (db: Db, row: SubscriptionRow, answer: ReportAnswer) => {
  const t = translatorFor(row.language);
  if (answer.scope !== "department" || !answer.departmentId)
    return t(`reports.scopes.${answer.scope}`);
  const [dept] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(
      and(eq(departments.workspaceId, row.workspaceId), eq(departments.id, answer.departmentId)),
    );
  return dept?.name ?? t("reports.scopes.department");
};

type Outcome = "sent" | "paused" | "taken" | "noMailbox";

/**
 * One subscription's e-mail for one period, in one transaction. The period is claimed first: the
 * row is locked only while its last_sent_period is still before this period (and its version is
 * the one the run read, so an edit in between wins), then set to it; a second process, or a second
 * run of this one, finds the row locked or already sent and sends nothing. If anything
 * fails after, the claim rolls back with the message and the next run tries again. A subscriber
 * who may no longer view the report (right, scope, department or membership gone) is not sent it:
 * the subscription is paused and they are told.
 */
const sendOne = async (
  app: FastifyInstance,
  row: SubscriptionRow,
  due: DuePeriod,
  now: Date,
): Promise<Outcome> =>
  app.database.db.transaction(async (tx) => {
    const mine = and(
      eq(reportSubscriptions.workspaceId, row.workspaceId),
      eq(reportSubscriptions.id, row.id),
    );
    // SKIP LOCKED: a process already sending this row is not waited for (its report may take a
    // while, past the connection's lock_timeout); once it commits, the period reads as sent.
    const [free] = await tx
      .select({ id: reportSubscriptions.id })
      .from(reportSubscriptions)
      .where(
        and(
          mine,
          eq(reportSubscriptions.isActive, true),
          eq(reportSubscriptions.version, row.version),
          or(
            isNull(reportSubscriptions.lastSentPeriod),
            lt(reportSubscriptions.lastSentPeriod, due.key),
          ),
        ),
      )
      .for("update", { skipLocked: true });
    if (!free) return "taken";
    const [claimed] = await tx
      .update(reportSubscriptions)
      .set({ lastSentPeriod: due.key, lastSentAt: now })
      .where(mine)
      .returning();
    if (!claimed) return "taken";
    const lang = pickLanguage(claimed.language);
    const base = await linkBaseOfFirm(tx, claimed.workspaceId, app.config.publicUrl);
    const deps: OutboxDeps = {
      senders: app.senders,
      log: app.log,
      secret: app.config.jwtSecret,
      outboxShowsSecrets: app.config.outboxShowsSecrets,
    };
    const ctx = await memberCtx(tx, app, app.log, {
      workspaceId: claimed.workspaceId,
      userId: claimed.userId,
      lang,
    });
    let answer: ReportAnswer;
    try {
      if (!(await canSignIn(tx, claimed))) throw new AppError(403, "errors.forbidden");
      answer = await runReport(
        ctx,
        app.reports,
        claimed.reportKey,
        {
          scope: claimed.scope as ReportAnswer["scope"],
          departmentId: claimed.departmentId ?? undefined,
          period: "custom",
          ...coveredDays(claimed.period as SubscriptionPeriod, due),
        },
        now,
      );
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 403 && err.status !== 404)) throw err;
      await pauseWithNotice(tx, deps, claimed, { lang, base, now });
      return "paused";
    }
    const mailbox = (await mailboxesOf(tx, claimed.workspaceId, [claimed.userId])).get(
      claimed.userId,
    );
    if (!mailbox) {
      // The period counts as done: a member without an address gets it once one is on file.
      app.log.warn({ subscription: claimed.id }, "scheduled report: the member has no e-mail");
      return "noMailbox";
    }
    const { subject, body } = reportSummary({
      lang,
      answer,
      scopeText: await scopeText(tx, claimed, answer),
      link: `${base}/manage/reports`,
    });
    const workbook = await reportWorkbook(ctx, answer);
    await queueMessage(tx, deps, {
      workspaceId: claimed.workspaceId,
      channel: "email",
      recipient: mailbox.email,
      subject,
      body,
      kind: "reports.subscription",
      entity: "report_subscriptions",
      entityId: claimed.id,
      attachments: [
        { fileName: `${workbook.name}.xlsx`, contentType: XLSX_MIME, body: workbook.body },
      ],
    });
    return "sent";
  });

/**
 * The scheduled-reports job: every active subscription whose latest send moment (its firm's
 * clock) has passed and whose period is not yet sent gets one e-mail; after downtime only the
 * latest period goes. Safe with several app processes (sendOne's claim). `now` is injectable for
 * tests. Answers how many report e-mails it queued.
 */
export const runReportSubscriptions = async (app: FastifyInstance, now = new Date()) => {
  const db = app.database.db;
  const zones = await firmZones(db);
  let sent = 0;
  let after = NIL;
  for (;;) {
    const rows = await db
      .select()
      .from(reportSubscriptions)
      .where(and(eq(reportSubscriptions.isActive, true), gt(reportSubscriptions.id, after)))
      .orderBy(asc(reportSubscriptions.id))
      .limit(BATCH);
    for (const row of rows) {
      const zone = zones.get(row.workspaceId) ?? DEFAULT_FIRM_TIME_ZONE;
      const due = latestDue(row as Schedule, now, zone);
      if (row.lastSentPeriod !== null && row.lastSentPeriod >= due.key) continue;
      try {
        if ((await sendOne(app, row, due, now)) === "sent") sent += 1;
      } catch (err) {
        // One broken report must not hold up the others; its claim rolled back, so it is retried.
        app.log.error({ err, subscription: row.id }, "scheduled report failed");
      }
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  return sent;
};
