import { describe, expect, it } from "vitest";

import { paramsIn, roleDescription, roleName } from "../../src/shared/seed-texts";

describe("seeded texts in the reader's language", () => {
  it("shows a seeded role description or name in either language, whichever language it was stored in", () => {
    expect(roleDescription("admin", "律所管理员", "en")).toBe("Firm administrator");
    expect(roleDescription("admin", "Firm administrator", "zh-CN")).toBe("律所管理员");
    expect(roleName("intern", "实习生", "en")).toBe("Intern");
  });

  it("leaves a text an admin wrote, and unknown or inherited codes, as written", () => {
    expect(roleDescription("admin", "负责全所事务", "en")).toBe("负责全所事务");
    expect(roleDescription("custom", "Partner", "zh-CN")).toBe("Partner");
    expect(roleDescription("__proto__", "x", "en")).toBe("x");
    expect(roleName("toString", "y", "en")).toBe("y");
  });

  it("picks a param's value for the language, keeping plain params", () => {
    const params = { firm: "明德律师事务所", "firm@en": "Mingde Law Firm", n: 2 };
    expect(paramsIn(params, "en")).toEqual({ firm: "Mingde Law Firm", n: 2 });
    expect(paramsIn(params, "zh-CN")).toEqual({ firm: "明德律师事务所", n: 2 });
    expect(paramsIn({ firm: "甲" }, "en")).toEqual({ firm: "甲" });
  });
});
