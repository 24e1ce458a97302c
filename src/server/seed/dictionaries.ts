import type { Db } from "../db/client";
import { dictionaryItems, dictionaryTypes } from "../db/tables";

type Item = [code: string, zh: string, en: string, attributes?: Record<string, unknown>];

/** The standard dictionaries every firm starts with; admins reorder, rename and disable them. */
export const STANDARD_DICTIONARIES: { code: string; zh: string; en: string; items: Item[] }[] = [
  {
    code: "case-type",
    zh: "案件类型",
    en: "Case types",
    items: [
      ["civil-litigation", "民事诉讼", "Civil litigation", { numberChar: "民" }],
      ["criminal-defense", "刑事辩护", "Criminal defense", { numberChar: "刑" }],
      ["administrative-litigation", "行政诉讼", "Administrative litigation", { numberChar: "行" }],
      ["commercial-arbitration", "商事仲裁", "Commercial arbitration", { numberChar: "仲" }],
      ["labor-arbitration", "劳动仲裁", "Labor arbitration", { numberChar: "劳" }],
      ["non-litigation", "非诉讼法律事务", "Non-litigation matters", { numberChar: "非" }],
      ["retainer", "常年法律顾问", "Retained legal counsel", { numberChar: "顾" }],
      ["special-project", "专项法律服务", "Special-project legal services", { numberChar: "专" }],
    ],
  },
  {
    code: "filing-type",
    zh: "立案类型",
    en: "Filing types",
    items: [
      ["formal", "正式立案", "Formal filing"],
      ["pre-filing", "预立案", "Pre-filing", { isPreFiling: true, validityDays: 30 }],
      ["contingency", "风险代理", "Contingency-fee engagement"],
      ["legal-aid", "法律援助", "Legal aid"],
      ["pro-bono", "公益案件", "Pro bono"],
    ],
  },
  {
    code: "case-stage",
    zh: "案件阶段",
    en: "Case stages",
    items: [
      ["first-instance", "一审", "First instance"],
      ["second-instance", "二审", "Second instance (appeal)"],
      ["retrial", "再审", "Retrial"],
      ["enforcement", "执行", "Enforcement"],
      ["labor-arbitration", "劳动仲裁", "Labor arbitration"],
      ["commercial-arbitration", "商事仲裁", "Commercial arbitration"],
      ["non-litigation", "非诉", "Non-litigation"],
      ["counsel", "法律顾问", "Legal counsel"],
      ["criminal-investigation", "刑事侦查", "Criminal investigation"],
      ["prosecution-review", "审查起诉", "Prosecution review"],
      ["criminal-trial", "刑事审判", "Criminal trial"],
    ],
  },
  {
    code: "cause-of-action",
    zh: "案由",
    en: "Causes of action",
    items: [
      ["sale-contract", "买卖合同纠纷", "Sale contract dispute"],
      ["loan-contract", "借款合同纠纷", "Loan contract dispute"],
      ["private-lending", "民间借贷纠纷", "Private lending dispute"],
      ["lease-contract", "租赁合同纠纷", "Lease contract dispute"],
      ["construction-contract", "建设工程施工合同纠纷", "Construction contract dispute"],
      ["labor-dispute", "劳动争议", "Labor dispute"],
      ["divorce", "离婚纠纷", "Divorce dispute"],
      ["inheritance", "继承纠纷", "Inheritance dispute"],
      ["tort", "侵权责任纠纷", "Tort liability dispute"],
      ["traffic-accident", "机动车交通事故责任纠纷", "Traffic accident liability dispute"],
      ["ip-infringement", "知识产权侵权纠纷", "IP infringement dispute"],
      ["equity-transfer", "股权转让纠纷", "Equity transfer dispute"],
      ["corporate-dispute", "公司决议纠纷", "Corporate resolution dispute"],
      ["administrative-penalty", "行政处罚", "Administrative penalty"],
      ["fraud", "诈骗罪", "Fraud (criminal)"],
      ["other", "其他", "Other"],
    ],
  },
  {
    code: "industry",
    zh: "行业",
    en: "Industries",
    items: [
      ["finance", "金融业", "Financial services"],
      ["real-estate", "房地产业", "Real estate"],
      ["manufacturing", "制造业", "Manufacturing"],
      ["it", "信息技术", "Information technology"],
      ["healthcare", "医疗健康", "Healthcare"],
      ["energy", "能源", "Energy"],
      ["retail", "批发和零售业", "Wholesale and retail"],
      ["construction", "建筑业", "Construction"],
      ["education", "教育", "Education"],
      ["government", "政府机关", "Government"],
      ["other", "其他", "Other"],
    ],
  },
  {
    code: "client-source",
    zh: "客户来源",
    en: "Client sources",
    items: [
      ["referral", "老客户推荐", "Referral by a client"],
      ["partner-development", "合伙人开拓", "Partner business development"],
      ["online-inquiry", "网络咨询", "Online inquiry"],
      ["website", "律所官网", "Firm website"],
      ["event", "行业活动", "Industry event"],
      ["legal-aid-center", "法律援助中心指派", "Assigned by a legal aid center"],
      ["other", "其他", "Other"],
    ],
  },
  {
    code: "client-tag",
    zh: "客户标签",
    en: "Client tags",
    items: [
      ["key", "重点客户", "Key client"],
      ["prospect", "潜在客户", "Prospective client"],
      ["long-term", "长期合作", "Long-term client"],
      ["listed", "上市公司", "Listed company"],
      ["soe", "国有企业", "State-owned enterprise"],
      ["foreign-invested", "外资企业", "Foreign-invested enterprise"],
      ["individual", "个人客户", "Individual client"],
    ],
  },
  {
    code: "enterprise-type",
    zh: "企业类型",
    en: "Enterprise types",
    items: [
      ["llc", "有限责任公司", "Limited liability company"],
      ["joint-stock", "股份有限公司", "Company limited by shares"],
      ["wholly-state-owned", "国有独资公司", "Wholly state-owned company"],
      ["sole-proprietorship", "个人独资企业", "Sole proprietorship"],
      ["partnership", "合伙企业", "Partnership"],
      ["foreign-invested", "外商投资企业", "Foreign-invested enterprise"],
      ["individual-business", "个体工商户", "Individual business"],
      ["public-institution", "事业单位", "Public institution"],
      ["social-organization", "社会团体", "Social organization"],
    ],
  },
  {
    code: "seal-document-type",
    zh: "用印文书类型",
    en: "Seal document types",
    items: [
      ["lawyer-letter", "律师函", "Lawyer's letter"],
      ["complaint", "起诉状", "Statement of claim"],
      ["defense", "答辩状", "Statement of defense"],
      ["power-of-attorney", "授权委托书", "Power of attorney"],
      ["legal-opinion", "法律意见书", "Legal opinion"],
      ["firm-letter", "律师事务所函", "Firm letter"],
      ["engagement-contract", "委托代理合同", "Engagement agreement"],
      ["evidence-list", "证据目录", "Evidence list"],
    ],
  },
  {
    code: "contract-type",
    zh: "合同类型",
    en: "Contract types",
    items: [
      ["engagement", "委托代理合同", "Engagement agreement"],
      ["retainer", "常年法律顾问合同", "Retainer agreement"],
      ["special-service", "专项服务合同", "Special-service agreement"],
      ["supplement", "补充协议", "Supplementary agreement"],
      ["other", "其他合同", "Other contract"],
    ],
  },
  {
    code: "ethnicity",
    zh: "民族",
    en: "Ethnicities",
    items: (
      [
        ["han", "汉族", "Han"], ["mongol", "蒙古族", "Mongol"], ["hui", "回族", "Hui"], ["tibetan", "藏族", "Tibetan"],
        ["uyghur", "维吾尔族", "Uyghur"], ["miao", "苗族", "Miao"], ["yi", "彝族", "Yi"], ["zhuang", "壮族", "Zhuang"],
        ["bouyei", "布依族", "Bouyei"], ["korean", "朝鲜族", "Korean"], ["manchu", "满族", "Manchu"], ["dong", "侗族", "Dong"],
        ["yao", "瑶族", "Yao"], ["bai", "白族", "Bai"], ["tujia", "土家族", "Tujia"], ["hani", "哈尼族", "Hani"],
        ["kazakh", "哈萨克族", "Kazakh"], ["dai", "傣族", "Dai"], ["li", "黎族", "Li"], ["lisu", "傈僳族", "Lisu"],
        ["va", "佤族", "Va"], ["she", "畲族", "She"], ["gaoshan", "高山族", "Gaoshan"], ["lahu", "拉祜族", "Lahu"],
        ["sui", "水族", "Sui"], ["dongxiang", "东乡族", "Dongxiang"], ["naxi", "纳西族", "Naxi"], ["jingpo", "景颇族", "Jingpo"],
        ["kyrgyz", "柯尔克孜族", "Kyrgyz"], ["tu", "土族", "Tu"], ["daur", "达斡尔族", "Daur"], ["mulao", "仫佬族", "Mulao"],
        ["qiang", "羌族", "Qiang"], ["blang", "布朗族", "Blang"], ["salar", "撒拉族", "Salar"], ["maonan", "毛南族", "Maonan"],
        ["gelao", "仡佬族", "Gelao"], ["xibe", "锡伯族", "Xibe"], ["achang", "阿昌族", "Achang"], ["pumi", "普米族", "Pumi"],
        ["tajik", "塔吉克族", "Tajik"], ["nu", "怒族", "Nu"], ["uzbek", "乌孜别克族", "Uzbek"], ["russian", "俄罗斯族", "Russian"],
        ["evenki", "鄂温克族", "Evenki"], ["deang", "德昂族", "De'ang"], ["bonan", "保安族", "Bonan"], ["yugur", "裕固族", "Yugur"],
        ["gin", "京族", "Gin"], ["tatar", "塔塔尔族", "Tatar"], ["derung", "独龙族", "Derung"], ["oroqen", "鄂伦春族", "Oroqen"],
        ["hezhen", "赫哲族", "Hezhen"], ["monba", "门巴族", "Monba"], ["lhoba", "珞巴族", "Lhoba"], ["jino", "基诺族", "Jino"],
      ] as Item[]
    ),
  },
  {
    code: "deadline-type",
    zh: "关键日期类型",
    en: "Key date types",
    // reminderOffsets: days before the due date a reminder goes out (0: on the day). kind: how
    // the type behaves (features/deadlines/data.ts); without it, a plain deadline.
    items: [
      ["hearing", "开庭", "Hearing", { kind: "hearing", reminderOffsets: [7, 3, 1, 0], color: "red" }],
      ["evidence", "举证期限", "Evidence deadline", { reminderOffsets: [7, 3, 1, 0], color: "orange" }],
      ["defence", "答辩期", "Defence period", { reminderOffsets: [7, 3, 1, 0], color: "gold" }],
      ["appeal", "上诉期", "Appeal period", { reminderOffsets: [7, 3, 1, 0], color: "volcano" }],
      ["limitation", "诉讼时效", "Limitation", { reminderOffsets: [30, 7, 1, 0], color: "purple" }],
      ["preservation", "保全到期", "Preservation expiry", { kind: "preservation", reminderOffsets: [30, 7, 1, 0], color: "magenta" }],
      ["enforcement", "申请执行期限", "Enforcement application period", { reminderOffsets: [30, 7, 1, 0], color: "cyan" }],
      ["retrial", "再审申请期限", "Retrial application period", { reminderOffsets: [30, 7, 1, 0], color: "blue" }],
    ],
  },
];

export const seedDictionaries = async (tx: Db, workspaceId: string) => {
  for (const [i, dict] of STANDARD_DICTIONARIES.entries()) {
    const [type] = await tx
      .insert(dictionaryTypes)
      .values({ workspaceId, code: dict.code, nameZh: dict.zh, nameEn: dict.en, sortOrder: i, isSystem: true })
      .returning();
    await tx.insert(dictionaryItems).values(
      dict.items.map(([code, labelZh, labelEn, attributes], sortOrder) => ({
        workspaceId,
        typeId: type.id,
        code,
        labelZh,
        labelEn,
        sortOrder,
        attributes: attributes ?? {},
      })),
    );
  }
};
