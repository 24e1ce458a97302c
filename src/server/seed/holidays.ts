/**
 * China's statutory holidays and make-up working days (调休) for 2025 and 2026, as the State
 * Council's notices announced them. Seeded into each firm's editable holiday calendar.
 */
type Span = [from: string, to: string, name: string];

/** The English names of the shipped holiday names (migration 0019 fills the same into older data). */
export const HOLIDAY_NAMES_EN: Record<string, string> = {
  元旦: "New Year's Day",
  春节: "Spring Festival",
  清明节: "Qingming Festival",
  劳动节: "Labour Day",
  端午节: "Dragon Boat Festival",
  "国庆节、中秋节": "National Day and Mid-Autumn Festival",
  中秋节: "Mid-Autumn Festival",
  国庆节: "National Day",
  春节调休上班: "Working day (Spring Festival make-up)",
  劳动节调休上班: "Working day (Labour Day make-up)",
  国庆节调休上班: "Working day (National Day make-up)",
  元旦调休上班: "Working day (New Year make-up)",
};

const HOLIDAYS: Span[] = [
  ["2025-01-01", "2025-01-01", "元旦"],
  ["2025-01-28", "2025-02-04", "春节"],
  ["2025-04-04", "2025-04-06", "清明节"],
  ["2025-05-01", "2025-05-05", "劳动节"],
  ["2025-05-31", "2025-06-02", "端午节"],
  ["2025-10-01", "2025-10-08", "国庆节、中秋节"],
  ["2026-01-01", "2026-01-03", "元旦"],
  ["2026-02-15", "2026-02-23", "春节"],
  ["2026-04-04", "2026-04-06", "清明节"],
  ["2026-05-01", "2026-05-05", "劳动节"],
  ["2026-06-19", "2026-06-21", "端午节"],
  ["2026-09-25", "2026-09-27", "中秋节"],
  ["2026-10-01", "2026-10-07", "国庆节"],
];

const WORKDAYS: [day: string, name: string][] = [
  ["2025-01-26", "春节调休上班"],
  ["2025-02-08", "春节调休上班"],
  ["2025-04-27", "劳动节调休上班"],
  ["2025-09-28", "国庆节调休上班"],
  ["2025-10-11", "国庆节调休上班"],
  ["2026-01-04", "元旦调休上班"],
  ["2026-02-14", "春节调休上班"],
  ["2026-02-28", "春节调休上班"],
  ["2026-05-09", "劳动节调休上班"],
  ["2026-09-20", "国庆节调休上班"],
  ["2026-10-10", "国庆节调休上班"],
];

const addDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export const CHINA_HOLIDAY_DAYS: {
  day: string;
  kind: "holiday" | "workday";
  name: string;
  nameEn: string;
}[] = [
  ...HOLIDAYS.flatMap(([from, to, name]) => {
    const days: { day: string; kind: "holiday"; name: string; nameEn: string }[] = [];
    for (let d = from; d <= to; d = addDay(d))
      days.push({ day: d, kind: "holiday", name, nameEn: HOLIDAY_NAMES_EN[name]! });
    return days;
  }),
  ...WORKDAYS.map(([day, name]) => ({
    day,
    kind: "workday" as const,
    name,
    nameEn: HOLIDAY_NAMES_EN[name]!,
  })),
];

/** The rules every firm starts with (Settings → Deadline rules edits them). */
export const DEFAULT_DEADLINE_RULES: {
  code: string;
  name: string;
  nameEn: string;
  deadlineType: string;
  amount: number;
  unit: "day" | "month" | "year";
  triggerLabel: string;
  triggerLabelEn: string;
  basis: string;
}[] = [
  {
    code: "appeal-judgment",
    name: "对判决的上诉期",
    nameEn: "Appeal period against a judgment",
    deadlineType: "appeal",
    amount: 15,
    unit: "day",
    triggerLabel: "判决书送达",
    triggerLabelEn: "Judgment served",
    basis: "《民事诉讼法》第171条",
  },
  {
    code: "appeal-ruling",
    name: "对裁定的上诉期",
    nameEn: "Appeal period against a ruling",
    deadlineType: "appeal",
    amount: 10,
    unit: "day",
    triggerLabel: "裁定书送达",
    triggerLabelEn: "Ruling served",
    basis: "《民事诉讼法》第171条",
  },
  {
    code: "appeal-abroad",
    name: "上诉期（在中国境内没有住所的当事人）",
    nameEn: "Appeal period (party without domicile in China)",
    deadlineType: "appeal",
    amount: 30,
    unit: "day",
    triggerLabel: "判决书、裁定书送达",
    triggerLabelEn: "Judgment or ruling served",
    basis: "《民事诉讼法》第286条",
  },
  {
    code: "defence",
    name: "答辩期",
    nameEn: "Defence period",
    deadlineType: "defence",
    amount: 15,
    unit: "day",
    triggerLabel: "起诉状副本收到",
    triggerLabelEn: "Copy of the complaint received",
    basis: "《民事诉讼法》第128条",
  },
  {
    code: "defence-abroad",
    name: "答辩期（在中国境内没有住所的被告）",
    nameEn: "Defence period (defendant without domicile in China)",
    deadlineType: "defence",
    amount: 30,
    unit: "day",
    triggerLabel: "起诉状副本收到",
    triggerLabelEn: "Copy of the complaint received",
    basis: "《民事诉讼法》第285条",
  },
  {
    code: "evidence",
    name: "举证期限（一审普通程序）",
    nameEn: "Evidence deadline (first instance, ordinary procedure)",
    deadlineType: "evidence",
    amount: 15,
    unit: "day",
    triggerLabel: "举证通知书送达",
    triggerLabelEn: "Notice to produce evidence served",
    basis: "《民事诉讼法解释》第99条",
  },
  {
    code: "enforcement-application",
    name: "申请执行期限",
    nameEn: "Enforcement application period",
    deadlineType: "enforcement",
    amount: 2,
    unit: "year",
    triggerLabel: "履行期间届满",
    triggerLabelEn: "Performance period ended",
    basis: "《民事诉讼法》第250条",
  },
  {
    code: "limitation-general",
    name: "普通诉讼时效",
    nameEn: "General limitation period",
    deadlineType: "limitation",
    amount: 3,
    unit: "year",
    triggerLabel: "知道或应当知道权利受损",
    triggerLabelEn: "Knew or should have known of the injury",
    basis: "《民法典》第188条",
  },
  {
    code: "limitation-labor",
    name: "劳动争议仲裁时效",
    nameEn: "Labour arbitration limitation period",
    deadlineType: "limitation",
    amount: 1,
    unit: "year",
    triggerLabel: "知道或应当知道权利被侵害",
    triggerLabelEn: "Knew or should have known of the infringement",
    basis: "《劳动争议调解仲裁法》第27条",
  },
  {
    code: "preservation-deposit",
    name: "冻结银行存款期限",
    nameEn: "Freeze of bank deposits",
    deadlineType: "preservation",
    amount: 1,
    unit: "year",
    triggerLabel: "存款冻结",
    triggerLabelEn: "Deposit frozen",
    basis: "《民事诉讼法解释》第485条",
  },
  {
    code: "preservation-movable",
    name: "查封、扣押动产期限",
    nameEn: "Seizure of movables",
    deadlineType: "preservation",
    amount: 2,
    unit: "year",
    triggerLabel: "动产查封、扣押",
    triggerLabelEn: "Movables seized",
    basis: "《民事诉讼法解释》第485条",
  },
  {
    code: "preservation-real-estate",
    name: "查封不动产期限",
    nameEn: "Seizure of real estate",
    deadlineType: "preservation",
    amount: 3,
    unit: "year",
    triggerLabel: "不动产查封",
    triggerLabelEn: "Real estate seized",
    basis: "《民事诉讼法解释》第485条",
  },
  {
    code: "retrial",
    name: "申请再审期限",
    nameEn: "Retrial application period",
    deadlineType: "retrial",
    amount: 6,
    unit: "month",
    triggerLabel: "判决、裁定发生法律效力",
    triggerLabelEn: "Judgment or ruling took legal effect",
    basis: "《民事诉讼法》第216条",
  },
];
