import { describe, expect, it } from "vitest";

import { normKey } from "../../src/server/features/conflicts/keys";
import { normalizeName } from "../../src/server/features/cases/normalize";
import { comparableName, withoutZeroWidth } from "../../src/shared/compare-text";
import { isUniqueBy } from "../../src/shared/schema-vocabulary";

const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"];

describe("comparableName", () => {
  it("drops each zero-width character, so a pasted one makes no second name", () => {
    for (const c of INVISIBLE) expect(comparableName(`张${c}三`)).toBe("张三");
  });

  it("folds width, case and blanks but keeps every other character", () => {
    expect(comparableName("ＡＢＣ  Trading\u3000Co")).toBe("abctradingco");
    expect(comparableName("张-三")).toBe("张-三");
    expect(withoutZeroWidth("a\u200bb\u200ec")).toBe("ab\u200ec");
  });

  it("is the rule of the duplicate-party check, of search's party key and of the conflict check", () => {
    const parties = [
      { name: "王五", conflictRole: "other" },
      { name: "王\u2060五", conflictRole: "other" },
    ];
    expect(isUniqueBy(parties, "name+conflictRole")).toBe(false);
    expect(
      isUniqueBy([parties[0], { ...parties[1], conflictRole: "client" }], "name+conflictRole"),
    ).toBe(true);
    expect(normalizeName("王\ufeff五")).toBe(normalizeName("王五"));
    expect(normKey("王\u200d五")).toBe(normKey("王五"));
  });
});
