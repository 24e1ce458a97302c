import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  feeInstalmentNotices,
  notifications,
  outboxMessages,
  users,
} from "../../src/server/db/tables";
import { isoWeekOf, reminderBand, runFeeReminders } from "../../src/server/features/fees/reminders";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";

/**
 * Overdue instalments on an injected clock: the lead lawyer is told once per instalment and band
 * (1st, 7th, 30th day overdue, then every 30 days), in the app and by e-mail, on the firm's own
 * day; finance gets one digest per firm and ISO week; two runs at once send each notice once.
 */
describe("overdue instalment reminders", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let caseId: string;
  const at = (iso: string) => new Date(iso);

  const noticesOf = () =>
    t.database.db
      .select()
      .from(feeInstalmentNotices)
      .where(eq(feeInstalmentNotices.caseId, caseId));
  const notesFor = async (username: string, titleKey: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, username));
    return t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), eq(notifications.titleKey, titleKey)));
  };
  const lawyerNotes = async () =>
    (await notesFor("lawyer", "fees.notifications.overdue")).filter((n) => n.entityId === caseId);

  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (await api.open("lawyer", { name: "逾期提醒测试案" })).id;
    const res = await api.call("PUT", "lawyer", `/api/cases/${caseId}/fee-terms`, {
      arrangement: { kind: "fixed", amount: "30000" },
      schedule: [
        { label: "首付", amount: "10000", dueDate: "2026-03-01" },
        { label: "二期", amount: "5000", dueDate: "2026-03-20" },
      ],
      triggerDates: {},
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("bands and weeks", () => {
    expect([0, 1, 6, 7, 29, 30, 59, 60, 95].map(reminderBand)).toEqual([
      null,
      1,
      1,
      7,
      7,
      30,
      30,
      60,
      90,
    ]);
    expect(isoWeekOf("2026-03-02")).toEqual({ label: "2026-W10", monday: "2026-03-02" });
    expect(isoWeekOf("2026-03-08")).toEqual({ label: "2026-W10", monday: "2026-03-02" });
    expect(isoWeekOf("2027-01-01")).toEqual({ label: "2026-W53", monday: "2026-12-28" });
  });

  it("nothing on the due day itself; the firm's next day tells the lead lawyer once", async () => {
    // 1 March 23:00 in Shanghai is still the due day there.
    await runFeeReminders(t.database.db, at("2026-03-01T15:00:00Z"));
    expect(await lawyerNotes()).toEqual([]);
    // 2 March 01:00 in Shanghai (still 1 March in UTC): one day overdue on the firm's clock.
    await runFeeReminders(t.database.db, at("2026-03-01T17:00:00Z"));
    const notes = await lawyerNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "fees",
      link: `/case/detail/${caseId}?tab=finance`,
      params: {
        caseName: "逾期提醒测试案",
        n: 1,
        amount: "¥10,000.00",
        dueDate: "2026-03-01",
        days: 1,
      },
    });
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "fees.overdue"), eq(outboxMessages.entityId, caseId)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "zhangwei@mingde.example", status: "outbox" });
    expect(mails[0].subject).toContain("¥10,000.00");
    // Later the same day, and two runs at once: nothing more.
    await Promise.all([
      runFeeReminders(t.database.db, at("2026-03-02T08:00:00Z")),
      runFeeReminders(t.database.db, at("2026-03-02T08:00:00Z")),
    ]);
    expect(await lawyerNotes()).toHaveLength(1);
  });

  it("the 7th day overdue is the next band, sent once even by two processes", async () => {
    await Promise.all([
      runFeeReminders(t.database.db, at("2026-03-08T02:00:00Z")),
      runFeeReminders(t.database.db, at("2026-03-08T02:00:00Z")),
    ]);
    const notes = await lawyerNotes();
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => (n.params as { days: number }).days).sort()).toEqual([1, 7]);
    expect((await noticesOf()).map((n) => n.interval).sort()).toEqual(["lawyer:1", "lawyer:7"]);
  });

  it("finance gets one digest a week, not the administrator", async () => {
    const digests = async () =>
      (await notesFor("finance", "fees.notifications.digest")).map((n) => n.params);
    // Runs on 2 and 8 March are the same ISO week: one digest.
    expect(await digests()).toHaveLength(1);
    expect((await digests())[0]).toMatchObject({ week: "2026-W10" });
    expect(await notesFor("admin", "fees.notifications.digest")).toEqual([]);
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.kind, "fees.digest"), like(outboxMessages.recipient, "liufang%")),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain("逾期提醒测试案");
    await runFeeReminders(t.database.db, at("2026-03-09T02:00:00Z"));
    expect(await digests()).toHaveLength(2);
  });

  it("a paid instalment is no longer overdue: no more reminders for it", async () => {
    const pay = await api.post("lawyer", "/api/case-payments", {
      caseId,
      paidOn: "2026-03-10",
      amount: "10000",
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const before = (await lawyerNotes()).length;
    await runFeeReminders(t.database.db, at("2026-03-31T02:00:00Z"));
    const notes = await lawyerNotes();
    // The 30-day band of the first instalment is not sent; the second is 11 days overdue (band 7).
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.params).toMatchObject({ n: 2, days: 11, amount: "¥5,000.00" });
  });
});
