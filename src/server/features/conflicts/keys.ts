import { pinyin } from "pinyin-pro";

import { comparableName } from "../../../shared/compare-text";
import type { MatchKind } from "../../../shared/contracts/conflicts";
import { normalizeId } from "../../../shared/compare-text";

/**
 * The keys a name is compared by in the conflict check (issue 17): recall matters more than
 * precision, so one name yields several keys and a hit on any of them counts.
 */

// Longest first so "股份有限公司" is stripped before "有限公司".
const SUFFIXES = [
  "股份有限公司",
  "有限责任公司",
  "有限公司",
  "集团公司",
  "集团",
  "公司",
  "事务所",
  "合伙企业（有限合伙）",
  "合伙企业",
  "co.,ltd.",
  "co.,ltd",
  "co.ltd.",
  "co.ltd",
  "limited",
  "ltd.",
  "ltd",
  "inc.",
  "inc",
  "corporation",
  "corp.",
  "corp",
  "llc",
  "gmbh",
].map((s) => s.replace(/[\s,.()（）]/gu, ""));

// Provinces and the largest cities: "北京某某科技有限公司" also matches "某某科技".
const REGIONS = [
  "北京市",
  "北京",
  "上海市",
  "上海",
  "天津市",
  "天津",
  "重庆市",
  "重庆",
  "广东省",
  "广东",
  "深圳市",
  "深圳",
  "广州市",
  "广州",
  "浙江省",
  "浙江",
  "杭州市",
  "杭州",
  "江苏省",
  "江苏",
  "南京市",
  "南京",
  "苏州市",
  "苏州",
  "山东省",
  "山东",
  "四川省",
  "四川",
  "成都市",
  "成都",
  "湖北省",
  "湖北",
  "武汉市",
  "武汉",
  "湖南省",
  "湖南",
  "河南省",
  "河南",
  "河北省",
  "河北",
  "福建省",
  "福建",
  "安徽省",
  "安徽",
  "陕西省",
  "陕西",
  "西安市",
  "西安",
  "辽宁省",
  "辽宁",
  "吉林省",
  "吉林",
  "黑龙江省",
  "黑龙江",
  "江西省",
  "江西",
  "山西省",
  "山西",
  "云南省",
  "云南",
  "贵州省",
  "贵州",
  "广西",
  "海南省",
  "海南",
  "甘肃省",
  "甘肃",
  "青海省",
  "青海",
  "内蒙古",
  "宁夏",
  "新疆",
  "西藏",
  "香港",
  "澳门",
  "台湾",
  "厦门市",
  "厦门",
  "青岛市",
  "青岛",
  "宁波市",
  "宁波",
  "大连市",
  "大连",
].sort((a, b) => b.length - a.length);

// The traditional characters common in company and person names, folded to simplified.
const TRAD =
  "國際業東華開發實產貿與張陳劉黃趙吳楊鄭謝許馮韓鄧蕭葉蘇盧蔣沈錢孫衛營銷電網訊廣藝術會計師聯團體學醫藥農銀行險證資財務興長門馬龍鳳進達億萬雲風氣車輪機廠華場廈臺灣滬粵遼蘭慶偉鐵運輸儲貨額權層區縣鎮級";
const SIMP =
  "国际业东华开发实产贸与张陈刘黄赵吴杨郑谢许冯韩邓萧叶苏卢蒋沈钱孙卫营销电网讯广艺术会计师联团体学医药农银行险证资财务兴长门马龙凤进达亿万云风气车轮机厂华场厦台湾沪粤辽兰庆伟铁运输储货额权层区县镇级";
const FOLD = new Map<string, string>([
  ...[...TRAD].map((c, i): [string, string] => [c, [...SIMP][i]]),
  ["ü", "v"],
]);

/**
 * Longest key kept, in characters: NFKC can blow one character up to eighteen, and a btree entry
 * must stay under PostgreSQL's ~2.7 kB limit whatever an admin's schema lets a name grow to.
 */
const MAX_KEY = 300;

/**
 * The name as every feature compares it (src/shared/compare-text.ts: zero-width characters out,
 * NFKC, lower case, no blanks), then traditional → simplified, ü → v (pinyin keyboards), and
 * punctuation and the remaining invisible characters removed: the check favours recall.
 */
export const normKey = (s: string) =>
  [...comparableName(s).replace(/[\p{P}\p{S}\p{Cc}\p{Cf}]/gu, "")]
    .slice(0, MAX_KEY)
    .map((c) => FOLD.get(c) ?? c)
    .join("");

const stripSuffix = (k: string) => {
  for (const s of SUFFIXES)
    if (k.length > s.length + 1 && k.endsWith(s)) return k.slice(0, -s.length);
  return k;
};
const stripRegion = (k: string) => {
  for (const r of REGIONS) if (k.length > r.length + 1 && k.startsWith(r)) return k.slice(r.length);
  return k;
};

const HAN = /\p{Script=Han}/u;

export type NameKeys = { norm: string; core: string; bare: string; py: string; initials: string };

/** norm: whole name; core: without company suffix; bare: core without region; pinyin and initials of the bare name. */
export const nameKeys = (name: string): NameKeys => {
  const norm = normKey(name);
  const core = stripSuffix(norm);
  const bare = stripRegion(core);
  const han = HAN.test(bare);
  // ü is spelled v, as every pinyin keyboard has it: 吕 is "lv" (a typed "lü" is folded to v too).
  const py = han
    ? pinyin(bare, { toneType: "none", type: "array", nonZh: "consecutive", v: true })
        .join("")
        .replace(/\s/gu, "")
    : "";
  const initials = han
    ? pinyin(bare, {
        pattern: "first",
        toneType: "none",
        type: "array",
        nonZh: "consecutive",
      }).join("")
    : "";
  return { norm, core, bare, py, initials };
};

/**
 * A person's name read with its surname's own reading where that differs (单 shan, 曾 zeng, 解 xie,
 * 尉迟 yuchi: pinyin-pro's surname mode), or null. Only names that look like a person's (two to four
 * Han characters once stripped): a company's first character is no surname.
 */
export const surnameReading = (bare: string) => {
  if (!/^\p{Script=Han}{2,4}$/u.test(bare)) return null;
  const py = pinyin(bare, { toneType: "none", type: "array", mode: "surname", v: true }).join("");
  const initials = pinyin(bare, {
    pattern: "first",
    toneType: "none",
    type: "array",
    mode: "surname",
  }).join("");
  const plain = pinyin(bare, { toneType: "none", type: "array", v: true }).join("");
  return py === plain ? null : { py, initials };
};

/** ID numbers and credit codes: 15-20 letters and digits once folded (names never look like this). */
export const asIdentifier = (kw: string) => {
  const id = normalizeId(kw);
  return id && /^[0-9A-Z]{15,20}$/u.test(id) && /\d/u.test(id) ? id : null;
};

export type { MatchKind };

/** Rank order (lower is stronger): identifier, then exact, then the rest. */
export const KIND_RANK: Record<MatchKind | "equity", number> = {
  identifier: 0,
  exact: 1,
  suffix: 2,
  region: 3,
  pinyin: 4,
  initials: 5,
  partial: 6,
  equity: 7,
};
