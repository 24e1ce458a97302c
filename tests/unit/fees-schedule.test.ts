import { describe, expect, it } from "vitest";

import {
  computeScheduleState,
  expandSchedule,
  validateSchedule,
  type Instalment,
} from "../../src/shared/fees";

const amounts = (instalments: Instalment[], fee: string | null) =>
  expandSchedule(instalments, fee).map((i) => i.amount);
const codes = (errors: { code: string; field?: string }[]) =>
  errors.map((e) => `${e.code}@${e.field}`);

describe("expanding a schedule", () => {
  it("turns percentages into amounts of the fee", () => {
    const plan: Instalment[] = [
      { percent: "30", dueDate: "2026-01-31" },
      { percent: "30", trigger: "onFiling" },
      { percent: "40", trigger: "onJudgment", graceDays: 10 },
    ];
    expect(amounts(plan, "100000")).toEqual(["30000.00", "30000.00", "40000.00"]);
    expect(expandSchedule(plan, "100000")[2]).toEqual({
      index: 2,
      label: null,
      amount: "40000.00",
      dueDate: null,
      trigger: "onJudgment",
      graceDays: 10,
    });
  });

  it("gives the rounding remainder to the last percentage instalment", () => {
    const thirds: Instalment[] = [
      { percent: "33.33", dueDate: "2026-01-31" },
      { percent: "33.33", dueDate: "2026-02-28" },
      { percent: "33.34", dueDate: "2026-03-31" },
    ];
    expect(amounts(thirds, "100.00")).toEqual(["33.33", "33.33", "33.34"]);
    expect(amounts(thirds, "100.01")).toEqual(["33.33", "33.33", "33.35"]);
    expect(amounts(thirds, "0.01")).toEqual(["0.00", "0.00", "0.01"]);
  });

  it("keeps fixed amounts and mixes them with percentages", () => {
    const mixed: Instalment[] = [
      { percent: "40", trigger: "onSigning" },
      { amount: "20000", dueDate: "2026-05-01" },
      { percent: "40", trigger: "onRecovery" },
    ];
    expect(amounts(mixed, "100000")).toEqual(["40000.00", "20000.00", "40000.00"]);
    expect(amounts([{ amount: "5000", dueDate: "2026-01-01" }], null)).toEqual(["5000.00"]);
  });

  it("refuses impossible schedules with translated keys", () => {
    expect(
      codes(
        validateSchedule(
          [
            { percent: "60", dueDate: "2026-01-01" },
            { percent: "41", dueDate: "2026-02-01" },
          ],
          "1000",
        ),
      ),
    ).toEqual(["errors.fees.scheduleOver100@instalments"]);
    expect(codes(validateSchedule([{ percent: "50", dueDate: "2026-01-01" }]))).toEqual([
      "errors.fees.feeMissing@fee",
    ]);
    expect(
      codes(validateSchedule([{ amount: "1", percent: "5", dueDate: "2026-01-01" }], "10")),
    ).toEqual(["errors.fees.instalmentInvalid@instalments.0"]);
    expect(codes(validateSchedule([{ amount: "1", dueDate: "2031-02-30" }]))).toEqual([
      "errors.fees.dateInvalid@instalments.0.dueDate",
    ]);
    expect(codes(validateSchedule([{ amount: "1", trigger: "onMoon" as never }]))).toEqual([
      "errors.fees.triggerInvalid@instalments.0.trigger",
    ]);
    expect(codes(validateSchedule([{ amount: "0", trigger: "onFiling", graceDays: -1 }]))).toEqual([
      "errors.fees.amountInvalid@instalments.0.amount",
      "errors.fees.instalmentInvalid@instalments.0.graceDays",
    ]);
    const over = validateSchedule(
      [
        { amount: "60000", dueDate: "2026-01-01" },
        { percent: "50", trigger: "onFiling" },
      ],
      "100000",
    );
    expect(over).toEqual([
      {
        code: "errors.fees.scheduleExceedsFee",
        field: "instalments",
        params: { fee: "¥100,000.00", total: "¥110,000.00" },
      },
    ]);
    expect(() => expandSchedule([{ percent: "50", dueDate: "2026-01-01" }])).toThrowError(
      "errors.fees.feeMissing",
    );
  });
});

describe("instalment status", () => {
  const plan = expandSchedule(
    [
      { amount: "30000", dueDate: "2026-01-31" },
      { amount: "30000", trigger: "onFiling", graceDays: 10 },
      { amount: "40000", trigger: "onJudgment" },
    ],
    "100000",
  );
  const payments = [
    { date: "2026-01-20", amount: "20000" },
    { date: "2026-03-10", amount: "15000" },
  ];
  const triggers = { onFiling: "2026-02-15" };
  const view = (today: string, paid = payments, happened: Record<string, string> = triggers) =>
    computeScheduleState(plan, paid, today, happened).instalments.map((i) => [
      i.status,
      i.received,
      i.outstanding,
      i.effectiveDueDate,
      i.daysOverdue,
    ]);

  it("counts only payments made by today, oldest instalment first", () => {
    expect(view("2026-03-05")).toEqual([
      ["overdue", "20000.00", "10000.00", "2026-01-31", 33],
      ["overdue", "0.00", "30000.00", "2026-02-25", 8],
      ["pending", "0.00", "40000.00", null, 0],
    ]);
    expect(view("2026-03-10")).toEqual([
      ["received", "30000.00", "0.00", "2026-01-31", 0],
      ["overdue", "5000.00", "25000.00", "2026-02-25", 13],
      ["pending", "0.00", "40000.00", null, 0],
    ]);
  });

  it("reads due and partly received before the due date", () => {
    expect(view("2026-01-25", payments, {})).toEqual([
      ["partlyReceived", "20000.00", "10000.00", "2026-01-31", 0],
      ["pending", "0.00", "30000.00", null, 0],
      ["pending", "0.00", "40000.00", null, 0],
    ]);
    expect(view("2026-01-10", payments, {})[0]).toEqual([
      "due",
      "0.00",
      "30000.00",
      "2026-01-31",
      0,
    ]);
    expect(view("2026-01-31", [], {})[0][0]).toBe("due");
  });

  it("applies money to an instalment due on an earlier trigger before a later date", () => {
    const state = computeScheduleState(
      plan,
      [{ date: "2026-01-05", amount: "30000" }],
      "2026-01-10",
      { onFiling: "2025-12-01" },
    );
    expect(state.instalments.map((i) => i.status)).toEqual(["due", "received", "pending"]);
  });

  it("keeps overpayment as a credit and lets refunds reduce what was received", () => {
    expect(
      computeScheduleState(plan, [{ date: "2026-01-01", amount: "120000" }], "2026-01-02")
        .unallocated,
    ).toBe("20000.00");
    const refunded = computeScheduleState(
      plan,
      [
        { date: "2026-01-01", amount: "30000" },
        { date: "2026-01-02", amount: "-5000" },
      ],
      "2026-01-03",
    );
    expect(refunded.instalments[0].received).toBe("25000.00");
    expect(refunded.unallocated).toBe("0.00");
  });

  it("refuses impossible days", () => {
    expect(() => computeScheduleState(plan, [], "2026-02-29")).toThrowError(
      "errors.fees.dateInvalid",
    );
    expect(() =>
      computeScheduleState(plan, [{ date: "2026-01-01", amount: "x" }], "2026-02-01"),
    ).toThrowError("errors.fees.amountInvalid");
  });
});
