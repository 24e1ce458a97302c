import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

import {
  addCalendarFormats,
  isCalendarDate,
  isCalendarDateTime,
  YEAR_MAX,
  YEAR_MIN,
} from "../../src/shared/calendar-dates";
import { isCalendarDate as deadlineDate } from "../../src/shared/deadline-compute";
import { checkSchema } from "../../src/shared/schema-check";
import { addSchemaVocabulary } from "../../src/shared/schema-vocabulary";

const GOOD_DATES = [
  "2024-02-29",
  "2000-02-29",
  "2026-12-31",
  "2026-04-30",
  `${YEAR_MIN}-01-01`,
  `${YEAR_MAX}-12-31`,
];
const BAD_DATES = [
  "2031-02-30",
  "2026-02-29",
  "1900-02-29",
  "2026-04-31",
  "2026-13-01",
  "2026-00-10",
  "2026-01-00",
  "0000-01-01",
  "1899-12-31",
  "2200-01-01",
  "9999-12-31",
  "2026-1-01",
  "20260101",
  " 2026-01-01",
  "2026-01-01 ",
  "",
  "2026-01-01T00:00:00Z",
];
const GOOD_TIMES = [
  "2026-01-05T09:00:00.000Z",
  "2026-01-05T09:00Z",
  "2026-01-05T09:00:00+08:00",
  "2024-02-29T23:59:59.123456-05:30",
  `${YEAR_MIN}-01-01T00:00:00Z`,
];
const BAD_TIMES = [
  "2031-02-30T10:00:00Z",
  "2031-02-30T10:00Z",
  "2026-02-29T10:00:00Z",
  "0000-01-01T00:00:00Z",
  "2200-01-01T00:00:00Z",
  "2026-01-05T24:00:00Z",
  "2026-01-05T09:60Z",
  "2026-01-05T09:00:60Z",
  "2026-01-05T09:00:00",
  "2026-01-05 09:00:00Z",
  "2026-01-05T09:00:00+24:00",
  "2026-01-05T09:00:00.1234567Z",
  "2026-01-05",
  "",
];

describe("calendar dates", () => {
  it("takes a day only when the calendar has it, in the years 1900–2199", () => {
    for (const d of GOOD_DATES) expect(isCalendarDate(d), d).toBe(true);
    for (const d of BAD_DATES) expect(isCalendarDate(d), d).toBe(false);
    expect(isCalendarDate(20260101)).toBe(false);
    // The deadline computation uses the same check.
    expect(deadlineDate("2026-02-29")).toBe(false);
  });

  it("takes a date-time only with a real day, a real time and an offset", () => {
    for (const d of GOOD_TIMES) expect(isCalendarDateTime(d), d).toBe(true);
    for (const d of BAD_TIMES) expect(isCalendarDateTime(d), d).toBe(false);
  });

  it("gives every ajv the same answers: Fastify's (after ajv-formats), the resource schemas' and the browser's", () => {
    const fastifyLike = addCalendarFormats(addFormats(new Ajv()));
    const workflowLike = addCalendarFormats(addFormats(new Ajv2020({ strict: false })));
    const resources = addSchemaVocabulary(new Ajv2020({ strict: false }));
    for (const [format, good, bad] of [
      ["date", GOOD_DATES, BAD_DATES],
      ["date-time", GOOD_TIMES, BAD_TIMES],
    ] as const) {
      const schema = { type: "string", format };
      for (const ajv of [fastifyLike, workflowLike, resources]) {
        const validate = ajv.compile(schema);
        for (const v of good) expect(validate(v), `${format} ${v}`).toBe(true);
        for (const v of bad) expect(validate(v), `${format} ${v}`).toBe(false);
      }
      for (const v of good) expect(checkSchema(schema, v), `${format} ${v}`).toEqual([]);
      for (const v of bad)
        expect(checkSchema(schema, v)[0]?.keyword, `${format} ${v}`).toBe("format");
    }
  });
});
