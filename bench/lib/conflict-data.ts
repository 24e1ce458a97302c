import { type SQL, sql } from "drizzle-orm";
import { pinyin } from "pinyin-pro";

import type { Db } from "../../src/server/db/client";

/**
 * Names for bench/conflicts, made by SQL from small vocabularies so a million rows load in one
 * statement each: people are surname + one or two given characters, companies are an optional
 * region, a two-character brand, an industry word and a legal suffix. Identifiers derive from
 * the row number, so they are unique within the firm as the accounts table requires.
 */
const SURNAMES = [
  ..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤",
];
const GIVEN = [
  ..."伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国志宏海波飞斌宇浩凯健俊帆帅旭宁亮晨博文杨雪琳晶颖倩慧佳欣怡婷悦琪璐昊然子轩梓涵一诺依诺欣妍可馨雨泽浩宇思远天佑皓轩铭瑞嘉懿婉清振兴德福永春秋冬夏",
];
const BRAND = [
  ..."星辰宏远恒泰鼎盛华信嘉禾瑞丰鸿运金桥银河天成海纳博雅卓越中联东方西部南北汇通正大新元长城昆仑蓝海青山绿洲朝阳旭日龙腾凤翔云帆九州万象永安富源广厦兴业聚源腾达",
  ..."润泽德馨启明弘毅景行致远立信合力同舟协和安泰康宁泓澄晟昱骏骐鹏程锦绣辰光曜阳煜炜铭瀚璟琨珑瑜琪璇茂林森柏松竹梅兰菊荷莲桂枫",
  ..."江河湖川溪泉潭浦港湾岛屿峰岭崇峻嵩岳岩磐石坤乾元亨利贞和顺吉祥如意福禄寿喜财源广进",
];
const INDUSTRY = [
  "科技",
  "实业",
  "贸易",
  "物流",
  "建设",
  "置业",
  "投资",
  "医药",
  "电子",
  "能源",
  "食品",
  "传媒",
];
const SUFFIX = ["有限公司", "有限公司", "股份有限公司", "有限责任公司", "集团有限公司"];
const REGION = [
  "",
  "",
  "",
  "北京",
  "上海",
  "深圳",
  "广州",
  "杭州",
  "成都",
  "武汉",
  "南京",
  "苏州",
  "重庆",
  "天津",
  "西安",
  "厦门",
];

const arr = (xs: string[]) => sql`(${sql.param(xs)}::text[])`;
/** A pick from `xs` by a hash of g, a different seed for each position so picks are independent. */
const pick = (xs: string[], g: SQL, seed: number) =>
  sql`${arr(xs)}[1 + abs(hashint8extended((${g})::bigint, ${seed}) % ${xs.length})]`;

export const personName = (g: SQL) =>
  sql`${pick(SURNAMES, g, 1)} || ${pick(GIVEN, g, 2)} || case when (${g}) % 10 = 0 then '' else ${pick(GIVEN, g, 3)} end`;
export const companyName = (g: SQL) =>
  sql`${pick(REGION, g, 4)} || ${pick(BRAND, g, 5)} || ${pick(BRAND, g, 6)} || ${pick(INDUSTRY, g, 7)} || ${pick(SUFFIX, g, 8)}`;
export const creditCode = (g: SQL) => sql`'91' || lpad((${g})::text, 16, '0')`;
export const idNumber = (g: SQL) => sql`'1101011980' || lpad((${g})::text, 8, '0')`;

/**
 * Clients (a quarter people), cases with three parties each (our client's company, the other
 * side's company, a person) and equity edges between random clients with 5–64% shares.
 */
export const generate = async (
  db: Db,
  ws: string,
  rows: { clients: number; cases: number; edges: number },
) => {
  const g = sql`g`;
  await db.execute(sql`
    insert into accounts (workspace_id, account_type, name, credit_code, id_number, created_at)
    select ${ws}, case when g % 4 = 0 then 'individual' else 'organization' end,
           case when g % 4 = 0 then ${personName(g)} else ${companyName(g)} end,
           case when g % 4 = 0 then null else ${creditCode(g)} end,
           case when g % 4 = 0 then ${idNumber(g)} end,
           now() - (g || ' seconds')::interval
      from generate_series(1, ${rows.clients}) g`);
  await db.execute(sql`analyze accounts`);
  const lead = sql`(select user_id from members where workspace_id = ${ws} order by created_at limit 1)`;
  const p = sql`(g + 5000000)`;
  const q = sql`(g + 9000000)`;
  await db.execute(sql`
    insert into cases (workspace_id, case_no, name, account_id, case_type, filing_type, stage, status, lead_lawyer_id, parties, created_by)
    select ${ws}, 'CONF-' || g, '冲突基准案件' || g, (select id from accounts where workspace_id = ${ws} order by created_at limit 1),
           'civil-litigation', 'formal', 'first-instance', (array['formal','formal','closed','pre-filing'])[1 + g % 4], ${lead},
           jsonb_build_array(
             jsonb_build_object('name', ${companyName(p)}, 'partyType', 'organization', 'idNumber', ${creditCode(p)}, 'conflictRole', 'client'),
             jsonb_build_object('name', ${companyName(q)}, 'partyType', 'organization', 'conflictRole', case when g % 3 = 0 then 'counterparty-related' else 'other' end),
             jsonb_build_object('name', ${personName(q)}, 'partyType', 'natural', 'idNumber', ${idNumber(p)}, 'conflictRole', 'other')),
           ${lead}
      from generate_series(1, ${rows.cases}) g`);
  // Fresh statistics first: planned on an empty-looking table, every foreign-key check of the
  // next insert scans the cases (PGlite took minutes for what then takes seconds).
  await db.execute(sql`analyze cases`);
  await db.execute(sql`
    insert into case_parties (workspace_id, case_id, position, name, name_norm, party_type, id_number, conflict_role)
    select c.workspace_id, c.id, (e.i - 1)::int, e.p->>'name', lower(e.p->>'name'), e.p->>'partyType', e.p->>'idNumber', e.p->>'conflictRole'
      from cases c cross join lateral jsonb_array_elements(c.parties) with ordinality as e(p, i)
     where c.workspace_id = ${ws} and c.case_no like 'CONF-%'`);
  await db.execute(sql`create temporary table bench_clients as
    select row_number() over (order by id) as n, id from accounts where workspace_id = ${ws}`);
  await db.execute(sql`
    insert into equity_edges (workspace_id, holder_account_id, company_account_id, share)
    select ${ws}, h.id, c.id, 5 + (g * 37) % 60
      from generate_series(1, ${rows.edges}) g
      join bench_clients h on h.n = 1 + (g * 7919::bigint) % ${rows.clients}
      join bench_clients c on c.n = 1 + (g * 104729::bigint + 13) % ${rows.clients}
     where h.id <> c.id`);
};

export type Known = {
  kind: "client" | "party";
  id: string;
  name: string;
  identifier: string | null;
  isPerson: boolean;
};

const TRADITIONAL: Record<string, string> = {
  华: "華",
  国: "國",
  东: "東",
  张: "張",
  陈: "陳",
  刘: "劉",
  黄: "黃",
  赵: "趙",
  吴: "吳",
  业: "業",
  贸: "貿",
  发: "發",
  兴: "興",
  龙: "龍",
  运: "運",
  云: "雲",
  长: "長",
};
const fullWidth = (s: string) =>
  [...s]
    .map((c) => (c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
    .join("");
const stripSuffix = (name: string) =>
  SUFFIX.reduce((n, s) => (n.endsWith(s) ? n.slice(0, -s.length) : n), name);
const stripRegion = (name: string) =>
  REGION.filter(Boolean).reduce((n, r) => (n.startsWith(r) ? n.slice(r.length) : n), name);
const spell = (name: string, pattern: "pinyin" | "first") =>
  pinyin(name, { toneType: "none", pattern, type: "array" });

/**
 * The variants a person searching would type for a stored name, cycling through the match kinds:
 * spacing and full width, suffix or region dropped, a piece of the name, pinyin and initials,
 * traditional characters, and the identifier in lower case or full width.
 */
export const variantOf = (k: Known, i: number): string => {
  const bare = stripRegion(stripSuffix(k.name));
  switch (i % 7) {
    case 0:
      return ` ${k.name.slice(0, 2)} ${k.name.slice(2)} `;
    case 1:
      return k.isPerson
        ? spell(k.name, "pinyin")
            .map((s) => s[0].toUpperCase() + s.slice(1))
            .join(" ")
        : `${bare}有限责任公司`;
    case 2:
      return k.isPerson ? spell(k.name, "first").join("") : [...bare].slice(0, 3).join("");
    case 3:
      return [...k.name].map((c) => TRADITIONAL[c] ?? c).join("");
    case 4:
      return k.identifier ? fullWidth(k.identifier.toLowerCase()) : k.name;
    case 5:
      return k.isPerson
        ? spell(k.name, "pinyin").join("")
        : `上海${stripRegion(stripSuffix(k.name))}`;
    default:
      return k.identifier ?? stripSuffix(k.name);
  }
};
