import { describe, expect, it } from "vitest";

import { fieldLabel, humanizeKey } from "../../src/shared/schema-vocabulary";

/** Issue 26: a label never shows a raw key; a title is a label in both languages. */
const dictionary: Record<string, string> = { "courts.fields.name": "法院名称" };
const t = (key: string, options: { defaultValue: string }) =>
  dictionary[key] ?? options.defaultValue;

describe("fieldLabel", () => {
  it("translates x-label, falling back to the title when no locale holds the key", () => {
    expect(
      fieldLabel(t, "name", {
        type: "string",
        title: "Court name",
        "x-label": "courts.fields.name",
      }),
    ).toBe("法院名称");
    expect(
      fieldLabel(t, "level", { type: "string", title: "Level", "x-label": "courts.fields.level" }),
    ).toBe("Level");
  });
  it("uses the title when there is no x-label, and the key as words when there is neither", () => {
    expect(fieldLabel(t, "judge", { type: "string", title: "Presiding judge" })).toBe(
      "Presiding judge",
    );
    expect(fieldLabel(t, "courtFee", { type: "string" })).toBe("Court fee");
  });
});

describe("humanizeKey", () => {
  it("turns kebab, snake and camel keys into words", () => {
    expect(humanizeKey("library")).toBe("Library");
    expect(humanizeKey("case-library")).toBe("Case library");
    expect(humanizeKey("court_levels")).toBe("Court levels");
    expect(humanizeKey("courtFee")).toBe("Court fee");
  });
});
