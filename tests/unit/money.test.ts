import { describe, expect, it } from "vitest";

import { formatAs, formatMoney, formatPercent } from "../../src/shared/money";

describe("formatMoney", () => {
  it("groups thousands and keeps two decimals", () => {
    expect(formatMoney("1200000.00")).toBe("¥1,200,000.00");
    expect(formatMoney("1500000")).toBe("¥1,500,000.00");
    expect(formatMoney(1234567)).toBe("¥1,234,567.00");
    expect(formatMoney("0.5")).toBe("¥0.50");
    expect(formatMoney("999")).toBe("¥999.00");
  });
  it("keeps precision beyond a float's and rounds a third decimal half up", () => {
    expect(formatMoney("12345678901234.56")).toBe("¥12,345,678,901,234.56");
    expect(formatMoney("1.005")).toBe("¥1.01");
    expect(formatMoney("9.995")).toBe("¥10.00");
    expect(formatMoney("-1234.5")).toBe("-¥1,234.50");
    expect(formatMoney("-0.001")).toBe("¥0.00");
  });
  it("leaves empty and non-numbers alone", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("")).toBe("");
    expect(formatMoney("abc")).toBe("abc");
  });
  it("formats percentages to two decimals", () => {
    expect(formatPercent("35")).toBe("35.00%");
    expect(formatPercent(6)).toBe("6.00%");
    expect(formatPercent(null)).toBe("");
  });
  it("formats by a schema's x-format", () => {
    expect(formatAs("money", "2860000.00")).toBe("¥2,860,000.00");
    expect(formatAs("percent", "35")).toBe("35.00%");
    expect(formatAs(undefined, "2860000.00")).toBe("2860000.00");
  });
});
