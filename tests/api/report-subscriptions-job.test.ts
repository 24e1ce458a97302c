import ExcelJS from "exceljs";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  cases,
  casePayments,
  departments,
  members,
  notifications,
  outboxAttachments,
  outboxMessages,
  reportSubscriptions,
  workspaces,
} from "../../src/server/db/tables";
import { runReportSubscriptions } from "../../src/server/features/report-subscriptions";
import { createTestApp, type TestApp } from "../fixtures/app";
import { departmentByName, firmIds, orgApi, userId } from "../fixtures/org";

/**
 * The scheduled-reports job on an injected clock (2031, past every subscription's baseline): due
 * at the subscription's weekday and hour on the firm's clock, once per period even when two runs
 * race, only the latest period after downtime; the e-mail is a summary in the subscriber's
 * language with money as ¥1,234,567.00 and the report's xlsx attached. A subscriber who may no
 * longer view the report is not sent it: the subscription pauses and they are told.
 */
const URL = "/api/report-subscriptions";
const at = (iso: string) => new Date(iso);

describe("runReportSubscriptions", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firmA: string;
  let weeklyId: string;

  const mailsOf = (id: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.entityId, id), eq(outboxMessages.kind, "reports.subscription")))
      .orderBy(asc(outboxMessages.createdAt));
  const setZone = (zone: string) =>
    t.database.db
      .update(workspaces)
      .set({
        settings: sql`jsonb_set(${workspaces.settings}, '{timeZone}', ${JSON.stringify(zone)}::jsonb)`,
      })
      .where(eq(workspaces.id, firmA));
  const subscribe = async (who: string, body: Record<string, unknown>) => {
    const res = await api.post(who, URL, {
      reportKey: "money",
      scope: "firm",
      period: "last",
      cadence: "weekly",
      weekday: 1,
      hour: 8,
      language: "en",
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firmA = (await firmIds(t)).a;
    const [kase] = await t.database.db
      .select({ id: cases.id })
      .from(cases)
      .where(eq(cases.workspaceId, firmA))
      .limit(1);
    // Received in the ISO week of Monday 2031-03-03 (2031-W10), and in February.
    await t.database.db.insert(casePayments).values([
      { workspaceId: firmA, caseId: kase.id, paidOn: "2031-03-05", amount: "1234567.00" },
      { workspaceId: firmA, caseId: kase.id, paidOn: "2031-02-10", amount: "0.10" },
    ]);
    weeklyId = (await subscribe("admin", {})).id;
  });
  afterAll(() => t.close());

  it("sends at the weekday and hour on the firm's clock, once per period", async () => {
    // Monday 2031-03-10 08:00 in Shanghai is 00:00 UTC: the week of 03-03 is due.
    await runReportSubscriptions(t.app, at("2031-03-10T00:00:00Z"));
    await runReportSubscriptions(t.app, at("2031-03-10T00:30:00Z"));
    const [mail] = await mailsOf(weeklyId);
    expect(await mailsOf(weeklyId)).toHaveLength(1);
    expect(mail.subject).toBe(
      "Scheduled report: Billed, received and invoiced, 2031-03-03 to 2031-03-09",
    );
    expect(mail.body).toContain("Received ¥1,234,567.00");
    expect(mail.body).toContain("Totals: Billed ¥0.00, Received ¥1,234,567.00");
    expect(mail.recipient).toContain("@");
    const [sub] = await t.database.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, weeklyId));
    expect(sub.lastSentPeriod).toBe("2031-W10");
    // Monday 07:59 in Shanghai: next week's is not due yet; at 08:00 it is.
    await runReportSubscriptions(t.app, at("2031-03-16T23:59:00Z"));
    expect(await mailsOf(weeklyId)).toHaveLength(1);
    await runReportSubscriptions(t.app, at("2031-03-17T00:00:00Z"));
    expect(await mailsOf(weeklyId)).toHaveLength(2);
  });

  it("attaches the report's xlsx, which opens with its figures", async () => {
    const [mail] = await mailsOf(weeklyId);
    const [file] = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.messageId, mail.id));
    expect(file.fileName).toBe("Billed, received and invoiced-2031-03-03-2031-03-09.xlsx");
    expect(file.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.size).toBe(file.body.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "Month", "Billed", "Received", "Invoiced"]);
    expect(sheet.getRow(2).values).toEqual([undefined, "2031-03", 0, 1234567, 0]);
    // The Outbox page lists the file by name, never its body.
    const outbox = await api.get(
      "admin",
      `/api/outbox?q=${encodeURIComponent("Scheduled report")}`,
    );
    const listed = (outbox.json().data.items as { id: string; attachments: unknown[] }[]).find(
      (m) => m.id === mail.id,
    );
    expect(listed?.attachments).toEqual([{ fileName: file.fileName, size: file.size }]);
  });

  it("reads the hour on the firm's own clock", async () => {
    await setZone("America/New_York");
    try {
      // Monday 2031-03-24 08:00 in New York (summer time, UTC-4) is 12:00 UTC.
      await runReportSubscriptions(t.app, at("2031-03-24T00:00:00Z"));
      await runReportSubscriptions(t.app, at("2031-03-24T11:59:00Z"));
      expect(await mailsOf(weeklyId)).toHaveLength(2);
      await runReportSubscriptions(t.app, at("2031-03-24T12:00:00Z"));
      const mails = await mailsOf(weeklyId);
      expect(mails).toHaveLength(3);
      expect(mails[2].subject).toContain("2031-03-17 to 2031-03-23");
    } finally {
      await setZone("Asia/Shanghai");
    }
  });

  it("sends a period once when two runs race", async () => {
    const runs = await Promise.all([
      runReportSubscriptions(t.app, at("2031-03-31T00:00:00Z")),
      runReportSubscriptions(t.app, at("2031-03-31T00:00:00Z")),
    ]);
    const mails = await mailsOf(weeklyId);
    expect(mails).toHaveLength(4);
    expect(mails[3].subject).toContain("2031-03-24 to 2031-03-30");
    // No subscription (the demo's included) got one period twice.
    const twice = await t.database.db.execute(
      sql`select entity_id, subject from outbox_messages where kind = 'reports.subscription'
          group by entity_id, subject having count(*) > 1`,
    );
    expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(runs.every((n) => n >= 0)).toBe(true);
  });

  it("after downtime sends the latest period only", async () => {
    // Five weeks later, on a Wednesday: W14 to W18 were missed; only W18 goes.
    await runReportSubscriptions(t.app, at("2031-05-07T03:00:00Z"));
    await runReportSubscriptions(t.app, at("2031-05-07T04:00:00Z"));
    const mails = await mailsOf(weeklyId);
    expect(mails).toHaveLength(5);
    expect(mails[4].subject).toContain("2031-04-28 to 2031-05-04");
  });

  it("sends a monthly subscription in its language, covering the quarter to date", async () => {
    const { id } = await subscribe("admin", {
      cadence: "monthly",
      monthDay: 1,
      period: "quarter",
      language: "zh-CN",
    });
    // Before 1 April 08:00 in Shanghai the latest due send is 1 March's (January and February)…
    await runReportSubscriptions(t.app, at("2031-03-31T23:59:00Z"));
    expect((await mailsOf(id)).map((m) => m.subject)).toEqual([
      "报表订阅：开单、收款与开票（2031-01-01 至 2031-02-28）",
    ]);
    // …then March has ended: the quarter to date is January to March.
    await runReportSubscriptions(t.app, at("2031-04-01T00:00:00Z"));
    const [, mail] = await mailsOf(id);
    expect(mail.subject).toBe("报表订阅：开单、收款与开票（2031-01-01 至 2031-03-31）");
    expect(mail.body).toContain("合计：开单金额 ¥0.00，收款金额 ¥1,234,567.10，开票金额 ¥0.00");
    const [file] = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.messageId, mail.id));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual([
      undefined,
      "月份",
      "开单金额",
      "收款金额",
      "开票金额",
    ]);
  });

  it("pauses, with a notice, a subscription whose scope the member may no longer view", async () => {
    // The lawyer heads 民商事组 and subscribes to it; then the department gets another head.
    const civil = await departmentByName(t, firmA, "民商事组");
    const { id } = await subscribe("lawyer", { scope: "department", language: "zh-CN" });
    await t.database.db
      .update(departments)
      .set({ managerId: await userId(t, "partner") })
      .where(eq(departments.id, civil.id));
    await runReportSubscriptions(t.app, at("2031-03-10T00:00:00Z"));
    expect(await mailsOf(id)).toHaveLength(0);
    const [sub] = await t.database.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, id));
    expect(sub.isActive).toBe(false);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      userId: await userId(t, "lawyer"),
      titleKey: "reportSubscriptions.notifications.paused",
      params: { report: "开单、收款与开票" },
    });
    const notice = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.entityId, id), eq(outboxMessages.kind, "reports.subscriptionPaused")),
      );
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe("报表订阅已暂停：开单、收款与开票");
    // Paused stays paused: the next run sends nothing and says nothing more.
    await runReportSubscriptions(t.app, at("2031-03-17T00:00:00Z"));
    expect(await mailsOf(id)).toHaveLength(0);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.entityId, id)),
    ).toHaveLength(1);
    // Resuming checks the rights again.
    const resumed = await api.patch("lawyer", `${URL}/${id}`, {
      isActive: true,
      version: sub.version,
    });
    expect(resumed.statusCode).toBe(403);
    await t.database.db
      .update(departments)
      .set({ managerId: await userId(t, "lawyer") })
      .where(eq(departments.id, civil.id));
  });

  it("pauses a disabled member's subscription and sends it nowhere", async () => {
    const { id } = await subscribe("lawyer", { scope: "me" });
    const lawyer = await userId(t, "lawyer");
    await t.database.db
      .update(members)
      .set({ isEnabled: false })
      .where(and(eq(members.workspaceId, firmA), eq(members.userId, lawyer)));
    try {
      await runReportSubscriptions(t.app, at("2031-03-10T00:00:00Z"));
      expect(await mailsOf(id)).toHaveLength(0);
      const [sub] = await t.database.db
        .select()
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.id, id));
      expect(sub.isActive).toBe(false);
    } finally {
      await t.database.db
        .update(members)
        .set({ isEnabled: true })
        .where(and(eq(members.workspaceId, firmA), eq(members.userId, lawyer)));
    }
  });
});
