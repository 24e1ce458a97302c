import { describe, expect, it } from "vitest";

import { checkName, visibleName } from "../../src/shared/name-rules";
import { textProblem } from "../../src/shared/text-rules";

describe("text rules (every string the API takes)", () => {
  it.each([
    ["a\u0000b", true, "nul"],
    ["a\ud800", true, "surrogate"],
    ["\udc00a", true, "surrogate"],
    ["a\u0007", true, "control"],
    ["a\u0085", true, "control"],
    ["a\u007f", true, "control"],
    ["a\nb", false, "control"],
    ["a\tb", false, "control"],
    ["\u202Eevil", true, "bidi"],
    ["a\u2066b", true, "bidi"],
  ] as const)("%j (multi-line %s) is refused as %s", (text, multiline, problem) => {
    expect(textProblem(text, multiline)).toBe(problem);
  });

  it.each([
    ["合同 终稿\n第二行\t完"],
    ["emoji \ud83d\ude00 and a ZWJ family \ud83d\udc68\u200d\ud83d\udc69"],
    ["שלום\u200f"],
    ["plain"],
  ])("accepts %j in multi-line text", (text) => expect(textProblem(text, true)).toBeUndefined());
});

describe("file and folder name rules", () => {
  it.each([
    ["\u202Eevil", "invisibleChars"],
    ["zero\u200bwidth", "invisibleChars"],
    ["bom\ufeff", "invisibleChars"],
    ["CON", "reserved"],
    ["con.txt", "reserved"],
    ["Com1.tar.gz", "reserved"],
    ["LPT9", "reserved"],
    ["nul.pdf", "reserved"],
    ["report.", "trailingDot"],
    ["report ", "spaces"],
    ["a\u0085b", "invalidChars"],
    ["a\ud800b", "invalidChars"],
  ] as const)("refuses %j as %s", (name, problem) => {
    expect(checkName(name)).toBe(problem);
  });

  it.each([
    ["CONTRACTS"],
    ["console.log"],
    ["com10.pdf"],
    ["lpt.txt"],
    ["合同.pdf"],
    [".gitignore"],
    ["a.b.c"],
  ])("accepts %j", (name) => {
    expect(checkName(name)).toBeUndefined();
  });
});

describe("names quoted in messages", () => {
  it("shows invisible, direction and control characters as codes and keeps the rest", () => {
    expect(visibleName("invoice\u202Efdp.exe")).toBe("invoice<U+202E>fdp.exe");
    expect(visibleName("a\u200bb\u0007c\ud800")).toBe("a<U+200B>b<U+0007>c<U+D800>");
    expect(visibleName("合同 \ud83d\ude00.pdf")).toBe("合同 \ud83d\ude00.pdf");
  });
});
