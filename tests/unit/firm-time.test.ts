import { describe, expect, it } from "vitest";

import {
  firmDay,
  firmWallToInstant,
  formatFirmTime,
  isTimeZone,
  timeZoneNames,
  utcOffsetLabel,
} from "../../src/shared/firm-time";

describe("the firm's clock (src/shared/firm-time)", () => {
  it("shows a 01:30Z instant as 09:30 in Beijing, labelled UTC+8, whatever zone runs the code", () => {
    expect(formatFirmTime("2026-11-27T01:30:00Z", "Asia/Shanghai")).toBe("2026-11-27 09:30");
    expect(formatFirmTime("2026-11-27T01:30:00Z", "Asia/Shanghai", "HH:mm", true)).toBe(
      "09:30 (UTC+8)",
    );
  });

  it("labels offsets with summer time and half hours", () => {
    expect(utcOffsetLabel("2026-01-15T12:00:00Z", "America/New_York")).toBe("UTC-5");
    expect(utcOffsetLabel("2026-07-15T12:00:00Z", "America/New_York")).toBe("UTC-4");
    expect(utcOffsetLabel("2026-07-15T12:00:00Z", "Asia/Kolkata")).toBe("UTC+5:30");
    expect(utcOffsetLabel("2026-07-15T12:00:00Z", "UTC")).toBe("UTC+0");
  });

  it("reads a wall-clock time on the firm's clock back to its instant", () => {
    expect(firmWallToInstant("2026-11-27T09:30:00", "Asia/Shanghai")).toBe(
      "2026-11-27T01:30:00.000Z",
    );
    expect(firmWallToInstant("2026-07-01 09:30", "America/New_York")).toBe(
      "2026-07-01T13:30:00.000Z",
    );
  });

  it("puts a late-evening UTC instant on the next firm day", () => {
    expect(firmDay("2026-11-26T17:00:00Z", "Asia/Shanghai")).toBe("2026-11-27");
    expect(firmDay("2026-11-26T15:59:59Z", "Asia/Shanghai")).toBe("2026-11-26");
  });

  it("knows real zone names and refuses made-up ones, empty and non-strings", () => {
    expect(isTimeZone("Asia/Shanghai")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    for (const bad of [
      "Mars/Olympus_Mons",
      "Asia/Beijing",
      "",
      "Asia/Shang\u0000hai",
      8,
      null,
      "x".repeat(65),
    ])
      expect(isTimeZone(bad)).toBe(false);
    expect(timeZoneNames()).toEqual(
      expect.arrayContaining(["Asia/Shanghai", "America/New_York", "UTC"]),
    );
  });
});
