import { describe, expect, it } from "vitest";

import { ageReceivables, ageingBucketOf } from "../../src/shared/fees";

const today = "2026-06-30";

describe("receivables ageing", () => {
  it("puts each due date in its bucket at the edges", () => {
    const cases: [string, string][] = [
      ["2026-07-01", "notDue"],
      ["2026-06-30", "days0to30"],
      ["2026-05-31", "days0to30"],
      ["2026-05-30", "days31to90"],
      ["2026-04-01", "days31to90"],
      ["2026-03-31", "days91to180"],
      ["2026-01-01", "days91to180"],
      ["2025-12-31", "over180"],
    ];
    for (const [due, bucket] of cases)
      expect([due, ageingBucketOf(due, today)]).toEqual([due, bucket]);
  });

  it("totals per bucket and per client, credits included", () => {
    const report = ageReceivables(
      [
        { id: "i1", dueDate: "2026-07-15", outstanding: "1000.00", group: "acme" },
        { id: "i2", dueDate: "2026-06-10", outstanding: "2500.50", group: "acme" },
        { id: "i3", dueDate: "2026-02-01", outstanding: "10000", group: "zeta" },
        { id: "i4", dueDate: "2025-01-01", outstanding: "300.25", group: "zeta" },
        { id: "i5", dueDate: "2026-06-01", outstanding: "-500.00", group: "zeta" },
        { id: "i6", dueDate: "2026-04-15", outstanding: "99.99" },
      ],
      today,
    );
    expect(report.totals).toEqual({
      notDue: "1000.00",
      days0to30: "2000.50",
      days31to90: "99.99",
      days91to180: "10000.00",
      over180: "300.25",
      total: "13400.74",
    });
    expect(report.groups.acme).toEqual({
      notDue: "1000.00",
      days0to30: "2500.50",
      days31to90: "0.00",
      days91to180: "0.00",
      over180: "0.00",
      total: "3500.50",
    });
    expect(report.groups.zeta.total).toBe("9800.25");
    expect(report.items[3]).toEqual({
      id: "i4",
      bucket: "over180",
      daysPastDue: 545,
      outstanding: "300.25",
      group: "zeta",
    });
    expect(report.items[0].daysPastDue).toBe(0);
  });

  it("refuses impossible days and amounts", () => {
    expect(() =>
      ageReceivables([{ id: "x", dueDate: "2031-02-30", outstanding: "1" }], today),
    ).toThrowError("errors.fees.dateInvalid");
    expect(() =>
      ageReceivables([{ id: "x", dueDate: "2026-01-01", outstanding: "1,000" }], today),
    ).toThrowError("errors.fees.amountInvalid");
    expect(() => ageReceivables([], "2026-13-01")).toThrowError("errors.fees.dateInvalid");
  });
});
