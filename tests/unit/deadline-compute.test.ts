import { describe, expect, it } from "vitest";

import { CHINA_HOLIDAY_DAYS, DEFAULT_DEADLINE_RULES } from "../../src/server/seed/holidays";
import {
  calendarOf,
  computeDeadline,
  isCalendarDate,
  isWorkingDay,
  type PeriodUnit,
  reminderDate,
} from "../../src/shared/deadline-compute";

const calendar = calendarOf(CHINA_HOLIDAY_DAYS);
const rule = (code: string) => {
  const r = DEFAULT_DEADLINE_RULES.find((x) => x.code === code)!;
  return { amount: r.amount, unit: r.unit as PeriodUnit };
};

describe("computeDeadline", () => {
  it("does not count the trigger day: a judgment served on 2026-12-03 can be appealed until 2026-12-18", () => {
    expect(computeDeadline("2026-12-03", rule("appeal-judgment"), calendar)).toEqual({
      dueDate: "2026-12-18",
      shiftedFrom: null,
      missingYears: [],
    });
  });

  it.each([
    ["appeal-judgment", "2026-03-02", "2026-03-17"],
    ["appeal-ruling", "2026-03-02", "2026-03-12"],
    ["appeal-abroad", "2026-03-02", "2026-04-01"],
    ["defence", "2026-03-02", "2026-03-17"],
    ["defence-abroad", "2026-03-02", "2026-04-01"],
    ["evidence", "2026-03-02", "2026-03-17"],
    ["enforcement-application", "2024-03-04", "2026-03-04"],
    ["limitation-general", "2023-03-02", "2026-03-02"],
    ["limitation-labor", "2025-03-02", "2026-03-02"],
    ["preservation-deposit", "2025-03-02", "2026-03-02"],
    ["preservation-movable", "2024-03-02", "2026-03-02"],
    ["preservation-real-estate", "2023-03-02", "2026-03-02"],
    ["retrial", "2025-09-02", "2026-03-02"],
  ])("the default rule %s from %s ends on %s", (code, trigger, due) => {
    expect(computeDeadline(trigger, rule(code), calendar).dueDate).toBe(due);
  });

  it("moves a last day on a statutory holiday to the next working day (National Day 2026)", () => {
    // 2026-09-22 + 15 days = 2026-10-07, the last day of the National Day holiday.
    expect(computeDeadline("2026-09-22", rule("appeal-judgment"), calendar)).toEqual({
      dueDate: "2026-10-08",
      shiftedFrom: "2026-10-07",
      missingYears: [],
    });
  });

  it("moves a last day on a weekend to the Monday", () => {
    // 2026-12-04 + 15 = Saturday 2026-12-19.
    expect(computeDeadline("2026-12-04", rule("appeal-judgment"), calendar)).toMatchObject({
      dueDate: "2026-12-21",
      shiftedFrom: "2026-12-19",
    });
  });

  it("counts a make-up working day on a weekend as a working day (Saturday 2026-02-14)", () => {
    expect(isWorkingDay("2026-02-14", calendar)).toBe(true);
    // 2026-02-04 + 10 = Saturday 2026-02-14, a 调休 working day: the period ends that day.
    expect(computeDeadline("2026-02-04", rule("appeal-ruling"), calendar)).toEqual({
      dueDate: "2026-02-14",
      shiftedFrom: null,
      missingYears: [],
    });
  });

  it("runs through a whole holiday across the Spring Festival", () => {
    // 2026-02-05 + 10 = 2026-02-15, the first day of nine holiday days; next working day 2026-02-24.
    expect(computeDeadline("2026-02-05", rule("appeal-ruling"), calendar)).toMatchObject({
      dueDate: "2026-02-24",
      shiftedFrom: "2026-02-15",
    });
  });

  it("crosses the year end (2025-12-20 + 15 = 2026-01-04, a make-up working Sunday)", () => {
    expect(computeDeadline("2025-12-20", rule("appeal-judgment"), calendar)).toEqual({
      dueDate: "2026-01-04",
      shiftedFrom: null,
      missingYears: [],
    });
    // 2025-12-17 + 15 = 2026-01-01, New Year's Day: moved past the holiday to Sunday the 4th (make-up day).
    expect(computeDeadline("2025-12-17", rule("appeal-judgment"), calendar)).toMatchObject({
      dueDate: "2026-01-04",
      shiftedFrom: "2026-01-01",
    });
  });

  it("flags a year without a holiday calendar instead of trusting weekdays", () => {
    const result = computeDeadline("2026-12-25", rule("appeal-judgment"), calendar);
    expect(result.dueDate).toBe("2027-01-11"); // 2027-01-09 is a Saturday; weekends still count as rest days
    expect(result.missingYears).toEqual([2027]);
    expect(
      computeDeadline("2026-03-02", rule("limitation-general"), calendar).missingYears,
    ).toEqual([2029]);
  });

  it("refuses a trigger that is not a calendar date", () => {
    expect(() => computeDeadline("2026-02-30", rule("appeal-judgment"), calendar)).toThrow(
      RangeError,
    );
    expect(isCalendarDate("2026/12/03")).toBe(false);
    expect(isCalendarDate("2026-12-03")).toBe(true);
  });

  it("dates reminders before the due date", () => {
    expect(reminderDate("2026-03-02", 3)).toBe("2026-02-27");
    expect(reminderDate("2026-03-02", 0)).toBe("2026-03-02");
  });
});
