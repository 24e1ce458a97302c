import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { holidayDays, keyDateReminders, keyDates, notifications } from "../../src/server/db/tables";
import { accountsApi, xlsxOf } from "../fixtures/accounts";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite } from "../fixtures/deadlines";

type KeyDate = {
  id: string;
  dueDate: string;
  shiftedFrom: string | null;
  missingYears: number[];
  confirmedAt: string | null;
  version: number;
  status: string;
};

/**
 * 2029 has no holiday calendar in the seed: deadlines reaching into it are flagged and computed
 * from weekdays only, until an admin enters that year's holidays.
 */
describe("a holiday year added later recomputes the flagged deadlines", () => {
  const suite = deadlinesSuite("节假日补录重算案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));

  const keyDate = async (id: string) => {
    const [row] = await t.database.db.select().from(keyDates).where(eq(keyDates.id, id));
    return row;
  };
  const told = async (id: string) =>
    t.database.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(
        and(
          eq(notifications.entity, "key_dates"),
          eq(notifications.entityId, id),
          eq(notifications.titleKey, "deadlines.notifications.recomputed"),
        ),
      );
  const escalationDay = async (id: string) =>
    (
      await t.database.db
        .select({ sendOn: keyDateReminders.sendOn })
        .from(keyDateReminders)
        .where(and(eq(keyDateReminders.keyDateId, id), eq(keyDateReminders.kind, "escalation")))
    )[0]?.sendOn;
  const addHoliday = (day: string) =>
    api.post("admin", "/api/holiday-days", {
      day,
      kind: "holiday",
      name: "国庆节",
      nameEn: "National Day",
    });

  // Served 2029-09-16: fifteen days later is Monday 2029-10-01, a working day without a calendar.
  let moving: KeyDate;
  // Served 2029-10-31: due Thursday 2029-11-15, which no October holiday can move.
  let staying: KeyDate;
  let closed: KeyDate;
  beforeAll(async () => {
    const add = async (triggerDate: string) => {
      const res = await api.addKeyDate("lawyer", caseId, {
        deadlineType: "appeal",
        source: "computed",
        ruleCode: "appeal-judgment",
        triggerDate,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as KeyDate;
    };
    moving = await add("2029-09-16");
    staying = await add("2029-10-31");
    closed = await add("2029-09-17");
    const done = await api.post("lawyer", `/api/key-dates/${closed.id}/status`, {
      status: "done",
      version: closed.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    const confirmed = await api.post("partner", `/api/key-dates/${moving.id}/confirm`, {
      version: moving.version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it("flags them and computes from weekdays while the year has no calendar", () => {
    expect(moving).toMatchObject({
      dueDate: "2029-10-01",
      shiftedFrom: null,
      missingYears: [2029],
    });
    expect(staying).toMatchObject({ dueDate: "2029-11-15", missingYears: [2029] });
  });

  it("refuses a bad holiday with a translated 4xx and recomputes nothing", async () => {
    const res = await api.post("admin", "/api/holiday-days", {
      day: "2029-10-01",
      kind: "festival",
      name: "国庆节",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().msg).toBeTruthy();
    expect((await keyDate(moving.id)).missingYears).toEqual([2029]);
  });

  it("the year's first holiday moves the date, clears the flag, asks for a sign-off again, re-plans reminders and tells the lawyer", async () => {
    const res = await addHoliday("2029-10-01");
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await keyDate(moving.id);
    expect(after).toMatchObject({
      dueDate: "2029-10-02",
      shiftedFrom: "2029-10-01",
      missingYears: [],
      confirmedAt: null,
      confirmedBy: null,
    });
    expect(after.version).toBeGreaterThan(moving.version);
    expect(await escalationDay(moving.id)).toBe("2029-10-03");
    const notes = await told(moving.id);
    expect(notes.map((n) => n.userId)).toEqual([await api.userId("lawyer")]);
    expect(notes[0].params).toMatchObject({
      title: "对判决的上诉期",
      "title@en": "Appeal period against a judgment",
      before: "2029-10-01",
      dueDate: "2029-10-02",
    });
  });

  it("a date the holidays do not move only loses its flag, and nobody is told", async () => {
    expect(await keyDate(staying.id)).toMatchObject({
      dueDate: "2029-11-15",
      shiftedFrom: null,
      missingYears: [],
    });
    expect(await told(staying.id)).toEqual([]);
  });

  it("a closed key date is left as it was", async () => {
    expect(await keyDate(closed.id)).toMatchObject({
      status: "done",
      dueDate: "2029-10-02",
      missingYears: [2029],
    });
  });

  it("each further holiday on the carried-over days moves the date on", async () => {
    expect((await addHoliday("2029-10-02")).statusCode).toBeLessThan(300);
    expect(await keyDate(moving.id)).toMatchObject({
      dueDate: "2029-10-03",
      shiftedFrom: "2029-10-01",
      missingYears: [],
    });
    expect(await told(moving.id)).toHaveLength(2);
    // And removing it moves the date back.
    const [holiday] = await t.database.db
      .select({ id: holidayDays.id })
      .from(holidayDays)
      .where(eq(holidayDays.day, "2029-10-02"));
    const gone = await api.del("admin", `/api/holiday-days/${holiday.id}`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await keyDate(moving.id)).toMatchObject({
      dueDate: "2029-10-02",
      shiftedFrom: "2029-10-01",
    });
  });

  it("holidays imported from a spreadsheet move it as well, in the import's transaction", async () => {
    const file = await xlsxOf([
      ["Date", "Kind", "Name", "Name in English"],
      ["2029-10-02", "Public holiday", "国庆节", "National Day"],
      ["2029-10-03", "Public holiday", "国庆节", "National Day"],
    ]);
    const res = await accountsApi(t).upload("admin", "/api/holiday-days/import", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await keyDate(moving.id)).toMatchObject({
      dueDate: "2029-10-04",
      shiftedFrom: "2029-10-01",
      missingYears: [],
    });
    expect(
      (await told(moving.id)).map((n) => `${n.params.before} → ${n.params.dueDate}`),
    ).toContain("2029-10-02 → 2029-10-04");
  });
});
