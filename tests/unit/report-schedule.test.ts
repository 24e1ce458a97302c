import { describe, expect, it } from "vitest";

import {
  baselineOf,
  coveredDays,
  isoWeekKey,
  latestDue,
  nextSendAt,
  type Schedule,
} from "../../src/server/features/report-subscriptions/schedule";

const SH = "Asia/Shanghai";
const NY = "America/New_York";
const mondayAt8: Schedule = { cadence: "weekly", weekday: 1, monthDay: null, hour: 8 };
const firstAt8: Schedule = { cadence: "monthly", weekday: null, monthDay: 1, hour: 8 };
const at = (iso: string) => new Date(iso);

describe("scheduled report periods", () => {
  it("names ISO weeks by their Thursday's year, so keys sort in time order", () => {
    expect(isoWeekKey("2030-12-30")).toBe("2031-W01");
    expect(isoWeekKey("2026-12-28")).toBe("2026-W53");
    expect(isoWeekKey("2031-03-03")).toBe("2031-W10");
    expect(isoWeekKey("2026-12-28") < isoWeekKey("2027-01-04")).toBe(true);
  });

  it("is due at the weekday and hour on the firm's clock, reporting the week before", () => {
    // Monday 2031-03-10 07:59 in Shanghai: last Monday's send (the week of 02-24) is the latest.
    expect(latestDue(mondayAt8, at("2031-03-09T23:59:00Z"), SH)).toEqual({
      key: "2031-W09",
      start: "2031-02-24",
      end: "2031-03-02",
    });
    expect(latestDue(mondayAt8, at("2031-03-10T00:00:00Z"), SH).key).toBe("2031-W10");
    // The same instant is still Sunday evening in New York.
    expect(latestDue(mondayAt8, at("2031-03-10T00:00:00Z"), NY).key).toBe("2031-W09");
    expect(latestDue(mondayAt8, at("2031-03-10T12:00:00Z"), NY).key).toBe("2031-W10");
  });

  it("is due on the day of the month, reporting the month before", () => {
    expect(latestDue(firstAt8, at("2031-02-28T23:59:00Z"), SH).key).toBe("2031-01");
    expect(latestDue(firstAt8, at("2031-03-01T00:00:00Z"), SH)).toEqual({
      key: "2031-02",
      start: "2031-02-01",
      end: "2031-02-28",
    });
    expect(latestDue(firstAt8, at("2031-01-01T00:00:00Z"), SH).key).toBe("2030-12");
  });

  it("covers the period, or the month, quarter or year up to its end", () => {
    const due = { key: "2031-W19", start: "2031-05-05", end: "2031-05-11" };
    expect(coveredDays("last", due)).toEqual({ from: "2031-05-05", to: "2031-05-11" });
    expect(coveredDays("month", due)).toEqual({ from: "2031-05-01", to: "2031-05-11" });
    expect(coveredDays("quarter", due)).toEqual({ from: "2031-04-01", to: "2031-05-11" });
    expect(coveredDays("year", due)).toEqual({ from: "2031-01-01", to: "2031-05-11" });
  });

  it("tells the next send moment, across summer time", () => {
    expect(nextSendAt(mondayAt8, at("2031-03-10T00:00:00Z"), SH).toISOString()).toBe(
      "2031-03-17T00:00:00.000Z",
    );
    expect(nextSendAt(firstAt8, at("2031-02-15T00:00:00Z"), SH).toISOString()).toBe(
      "2031-03-01T00:00:00.000Z",
    );
    // New York moves to summer time on 2031-03-09: 08:00 is 13:00 UTC before, 12:00 UTC after.
    expect(nextSendAt(mondayAt8, at("2031-03-04T00:00:00Z"), NY).toISOString()).toBe(
      "2031-03-10T12:00:00.000Z",
    );
  });

  it("never moves the sent mark back within a cadence, and restarts it on a new one", () => {
    const now = at("2031-03-12T00:00:00Z");
    const friday: Schedule = { ...mondayAt8, weekday: 5 };
    // Sent W10 on Monday; moved to Friday on Wednesday: Friday's send would report W10 again.
    expect(baselineOf(friday, now, SH, { cadence: "weekly", lastSentPeriod: "2031-W10" })).toBe(
      "2031-W10",
    );
    expect(baselineOf(firstAt8, now, SH, { cadence: "weekly", lastSentPeriod: "2031-W10" })).toBe(
      "2031-02",
    );
    expect(baselineOf(mondayAt8, now, SH)).toBe("2031-W10");
  });
});
