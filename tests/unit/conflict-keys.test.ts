import { describe, expect, it } from "vitest";

import {
  keywordKeys,
  ngrams,
  storedKeys,
  substringsOf,
} from "../../src/server/features/conflicts/index-keys";
import { nameKeys, surnameReading } from "../../src/server/features/conflicts/keys";

describe("conflict check keys", () => {
  it("folds width, case, traditional characters and punctuation, then strips suffix and region", () => {
    expect(nameKeys("北京 星辰科技（集团）有限公司")).toMatchObject({
      norm: "北京星辰科技集团有限公司",
      core: "北京星辰科技集团",
      bare: "星辰科技集团",
    });
    expect(nameKeys("ＡＣＭＥ Trading Co., Ltd.")).toMatchObject({
      norm: "acmetradingcoltd",
      core: "acmetrading",
    });
    expect(nameKeys("張偉明").norm).toBe("张伟明");
    expect(nameKeys("星\u200b辰").norm).toBe("星辰");
  });

  it("spells pinyin with v for ü, as pinyin keyboards do, and folds a typed ü the same way", () => {
    expect(nameKeys("吕绿").py).toBe("lvlv");
    expect(keywordKeys("Lü Lü")).toMatchObject({ norm: "lvlv", isLatin: true });
  });

  it("reads a surname with two readings by its surname reading as a second key, only for person-like names", () => {
    expect(surnameReading("单田芳")).toEqual({ py: "shantianfang", initials: "stf" });
    expect(surnameReading("曾国藩")).toEqual({ py: "zengguofan", initials: "zgf" });
    expect(surnameReading("解缙")).toEqual({ py: "xiejin", initials: "xj" });
    // The same reading either way, a company name, or Latin letters: no second key.
    expect(surnameReading("张伟")).toBeNull();
    expect(surnameReading("单位服务管理")).toBeNull();
    expect(surnameReading("shan")).toBeNull();
    const k = storedKeys("单田芳", ["110101199001011234"]);
    expect(k.py).toBe("dantianfang");
    expect(k.identifiers).toEqual(["110101199001011234", "~s:shantianfang", "~t:stf"]);
    expect(storedKeys("张伟", []).identifiers).toEqual([]);
  });

  it("keeps keys short enough for a btree entry whatever the name's length", () => {
    expect([...nameKeys("名".repeat(5000)).norm]).toHaveLength(300);
  });

  it("cuts names into distinct character pieces, counting characters rather than UTF-16 units", () => {
    expect(ngrams("星辰科技", 2)).toEqual(["星辰", "辰科", "科技"]);
    expect(ngrams("𠀀𠀁𠀀𠀁", 2)).toEqual(["𠀀𠀁", "𠀁𠀀"]);
    expect(ngrams("星", 2)).toEqual([]);
    expect(substringsOf("abc", 2).sort()).toEqual(["ab", "abc", "bc"]);
  });

  it("stores identifiers normalised and drops empty ones", () => {
    const k = storedKeys("欧阳娜娜", ["１１０１０１ １９９００１０１１２３ｘ", null, ""]);
    expect(k.identifiers).toEqual(["11010119900101123X"]);
    expect(k.py).toBe("ouyangnana");
    expect(k.initials).toBe("oynn");
    expect(k.pyGrams).toContain("yan");
  });

  it("reads an ID-shaped keyword as an identifier only, and a name keyword by its lengths", () => {
    expect(keywordKeys("91110000ma01abcd2x").id).toBe("91110000MA01ABCD2X");
    expect(keywordKeys("星辰")).toMatchObject({
      id: null,
      isLatin: false,
      normLength: 2,
      bareLength: 2,
    });
    expect(keywordKeys("——")).toMatchObject({ norm: "", normLength: 0 });
  });
});
