import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { casesSuite } from "../fixtures/cases";
import { pdfBody, upload } from "../fixtures/documents";

type Hit = {
  key: string;
  keyword: string;
  source: string;
  match: string;
  name: string;
  conflictRole: string;
  caseStatus: string | null;
  likelyConflict: boolean;
  path: { steps: { name: string; share: number }[]; direction: string; from: string } | null;
};

describe("conflict check", () => {
  const s = casesSuite();
  const ids: Record<string, string> = {};
  const search = async (
    keywords: unknown,
    scopes?: string[],
    who = "lawyer",
    lang: "en" | "zh-CN" = "en",
  ) => s.api.post(who, "/api/conflicts/search", scopes ? { keywords, scopes } : { keywords }, lang);
  const hitsOf = async (keywords: string[], scopes?: string[]) => {
    const res = await search(keywords, scopes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hits as Hit[];
  };
  const client = async (key: string, body: Record<string, unknown>) => {
    const res = await s.api.post("lawyer", "/api/accounts", body);
    expect(res.statusCode, res.body).toBe(200);
    ids[key] = res.json().data.id;
  };
  const edge = async (holder: string, company: string, share: number) => {
    const res = await s.api.post("lawyer", "/api/equity-edges", {
      holderAccountId: ids[holder],
      companyAccountId: ids[company],
      share,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** An edge whose other side is no client: an outside holder of `client`, or a company it invests in. */
  const outside = async (
    side: "holder" | "company",
    name: string,
    client: string,
    share: number,
  ) => {
    const body =
      side === "holder"
        ? { holderName: name, companyAccountId: ids[client], share }
        : { holderAccountId: ids[client], companyName: name, share };
    const res = await s.api.post("lawyer", "/api/equity-edges", body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const equityOf = async (keyword: string) =>
    (await hitsOf([keyword], ["equity"])).filter((h) => h.source === "equity");
  const steps = (h: Hit) => h.path!.steps.map((st) => `${st.share}>${st.name}`);

  beforeAll(async () => {
    await client("acme", {
      accountType: "organization",
      name: "北京星辰科技有限公司",
      creditCode: "91110000MA01ABCD2X",
    });
    await client("person", {
      accountType: "individual",
      name: "欧阳娜娜",
      idNumber: "110101199001011234",
      gender: "female",
    });
    // Equity chain T0 -50-> T1 -20-> T2 -35-> T3 -50-> T4 (holder -> company); B holds 19.99% of T1.
    for (const n of [0, 1, 2, 3, 4])
      await client(`t${n}`, {
        accountType: "organization",
        name: `链条${n}号股份有限公司`,
        creditCode: `91310000MA0000000${n}`,
      });
    await client("b", {
      accountType: "organization",
      name: "边缘投资有限公司",
      creditCode: "91310000MA000000B9",
    });
    await edge("t0", "t1", 50);
    await edge("t1", "t2", 20);
    await edge("t2", "t3", 35);
    await edge("t3", "t4", 50);
    await edge("t4", "t2", 25); // a cycle back into the chain
    await edge("b", "t1", 19.99);
    // A two-company cross-holding: each must not come back as its own hit.
    await client("x1", {
      accountType: "organization",
      name: "甲方互持有限公司",
      creditCode: "91310000MA000000X1",
    });
    await client("x2", {
      accountType: "organization",
      name: "乙方互持有限公司",
      creditCode: "91310000MA000000X2",
    });
    await edge("x1", "x2", 30);
    await edge("x2", "x1", 30);
    // Outside names: a holder above the chain's top, a company below tier 3, one under 20%, and
    // an outside name that both holds a client and is held by it (a loop through a name).
    await outside("holder", "远方资本管理有限公司", "t0", 40);
    await outside("company", "下游外部制造有限公司", "t3", 30);
    await outside("holder", "零星小股东投资有限公司", "t4", 19.99);
    await client("loop", {
      accountType: "organization",
      name: "环回中间有限公司",
      creditCode: "91310000MA000000L1",
    });
    await outside("holder", "环回外部合伙企业", "loop", 30);
    await outside("company", "环回外部合伙企业", "loop", 25);
    const employee = await s.api.post("lawyer", "/api/account-employees", {
      accountId: ids.acme,
      name: "張偉明",
    });
    expect(employee.statusCode, employee.body).toBe(200);
    await s.api.open("lawyer", {
      parties: [
        { name: "张三", partyType: "natural", litigationRole: "plaintiff", conflictRole: "client" },
        {
          name: "上海对手贸易有限公司",
          partyType: "organization",
          litigationRole: "defendant",
          conflictRole: "counterparty-related",
        },
      ],
    });
    await s.api.open("lawyer", {
      filingType: "pre-filing",
      parties: [{ name: "预立案人王五", partyType: "natural", conflictRole: "other" }],
    });
    await s.api.open("lawyer", {
      parties: [
        { name: "我方关联赵六", partyType: "natural", conflictRole: "our-related" },
        {
          name: "ＮＯＶＡ Ｔｒａｄｉｎｇ Ｃｏ．，Ｌｔｄ．",
          partyType: "organization",
          conflictRole: "other",
        },
      ],
    });
    const closing = await s.api.open("lawyer", {
      parties: [{ name: "已结案当事人孙七", partyType: "natural", conflictRole: "other" }],
    });
    const closed = await s.api.post("admin", `/api/cases/${closing.id}/close`, {
      version: closing.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const ending = await s.api.open("lawyer", {
      filingType: "pre-filing",
      parties: [
        { name: "已终止当事人周八", partyType: "natural", conflictRole: "counterparty-related" },
      ],
    });
    const ended = await s.api.post("lawyer", `/api/cases/${ending.id}/terminate`, {
      reason: "客户放弃委托",
      version: ending.version,
    });
    expect(ended.statusCode, ended.body).toBe(200);
  });

  describe("keywords (SPEC §5)", () => {
    it("refuses none, blank and an 11th keyword in both languages, with the field", async () => {
      const none = await search([], undefined, "lawyer", "zh-CN");
      expect(none.statusCode).toBe(422);
      expect(none.json().msg).toBe("关键词不能为空");
      expect((await search(["张三", "  "])).json().msg).toBe("Keywords must not be empty");
      const eleven = Array.from({ length: 11 }, (_, i) => `词${i}`);
      const en = await search(eleven);
      expect(en.statusCode).toBe(422);
      expect(en.json().msg).toBe("At most 10 keywords");
      expect((await search(eleven, undefined, "lawyer", "zh-CN")).json().msg).toBe(
        "关键词最多10个",
      );
      expect((await search(Array.from({ length: 10 }, (_, i) => `词${i}`))).statusCode).toBe(200);
    });
  });

  describe("match kinds", () => {
    it("finds by credit code, exact name, without suffix, without region, partial, pinyin, initials, full width and traditional", async () => {
      const kind = async (kw: string, name: string) =>
        (await hitsOf([kw])).find((h) => h.name === name)?.match;
      expect(await kind("91110000ma01abcd2x", "北京星辰科技有限公司")).toBe("identifier");
      expect(await kind("９１１１００００ＭＡ０１ＡＢＣＤ２Ｘ", "北京星辰科技有限公司")).toBe(
        "identifier",
      );
      expect(await kind("北京星辰科技有限公司", "北京星辰科技有限公司")).toBe("exact");
      expect(await kind("北京星辰科技", "北京星辰科技有限公司")).toBe("suffix");
      expect(await kind("星辰科技有限公司", "北京星辰科技有限公司")).toBe("region");
      expect(await kind("星辰", "北京星辰科技有限公司")).toBe("partial");
      expect(await kind("ouyang nana", "欧阳娜娜")).toBe("pinyin");
      expect(await kind("oynn", "欧阳娜娜")).toBe("initials");
      expect(await kind("张伟明", "張偉明")).toBe("exact");
      expect(await kind("110101199001011234", "欧阳娜娜")).toBe("identifier");
    });

    it("finds a surname with two readings by either (单 shan or dan, 曾 zeng or ceng)", async () => {
      await client("shan", { accountType: "individual", name: "单田芳", gender: "male" });
      const kind = async (kw: string, name: string) =>
        (await hitsOf([kw], ["clients"])).find((h) => h.name === name)?.match;
      expect(await kind("shan tianfang", "单田芳")).toBe("pinyin");
      expect(await kind("dantianfang", "单田芳")).toBe("pinyin");
      expect(await kind("stf", "单田芳")).toBe("initials");
      expect(await kind("dtf", "单田芳")).toBe("initials");
      const party = await s.api.open("lawyer", {
        parties: [{ name: "曾国藩", partyType: "natural", conflictRole: "other" }],
      });
      expect(
        (await hitsOf(["zengguofan"], ["parties"])).find((h) => h.name === "曾国藩"),
      ).toMatchObject({ match: "pinyin", caseStatus: party.status });
    });

    it("gives each hit its conflict role, case status and likely-conflict flag, and covers pre-filing cases", async () => {
      const hits = await hitsOf(["对手贸易", "张三", "王五", "张伟明"]);
      const counter = hits.find((h) => h.name === "上海对手贸易有限公司")!;
      expect(counter).toMatchObject({
        source: "party",
        conflictRole: "counterparty-related",
        likelyConflict: true,
        caseStatus: "formal",
      });
      expect(hits.find((h) => h.name === "张三")).toMatchObject({
        conflictRole: "client",
        likelyConflict: false,
      });
      expect(hits.find((h) => h.name === "预立案人王五")).toMatchObject({
        conflictRole: "other",
        caseStatus: "pre-filing",
      });
      expect(hits.find((h) => h.name === "張偉明")).toMatchObject({
        source: "employee",
        conflictRole: "our-related",
      });
      // Grouped by keyword in the order given.
      const order = hits.map((h) => h.keyword);
      expect(order).toEqual(
        [...order].sort(
          (a, b) =>
            ["对手贸易", "张三", "王五", "张伟明"].indexOf(a) -
            ["对手贸易", "张三", "王五", "张伟明"].indexOf(b),
        ),
      );
    });

    it("finds our-related parties, and parties of closed and terminated cases with their status", async () => {
      const hits = await hitsOf(["赵六", "孙七", "周八"], ["parties"]);
      expect(hits.find((h) => h.name === "我方关联赵六")).toMatchObject({
        source: "party",
        conflictRole: "our-related",
        likelyConflict: false,
        match: "partial",
      });
      expect(hits.find((h) => h.name === "已结案当事人孙七")).toMatchObject({
        source: "party",
        caseStatus: "closed",
      });
      expect(hits.find((h) => h.name === "已终止当事人周八")).toMatchObject({
        source: "party",
        caseStatus: "terminated",
        likelyConflict: true,
      });
    });

    it("folds a full-width Latin name keyword, and a full-width stored name, to the same key", async () => {
      const match = async (kw: string) =>
        (await hitsOf([kw], ["parties"])).find(
          (h) => h.name === "ＮＯＶＡ Ｔｒａｄｉｎｇ Ｃｏ．，Ｌｔｄ．",
        )?.match;
      expect(await match("Nova Trading Co., Ltd.")).toBe("exact");
      expect(await match("ＮＯＶＡ　ＴＲＡＤＩＮＧ　ＣＯ．，ＬＴＤ．")).toBe("exact");
      expect(await match("ＮＯＶＡ　ＴＲＡＤＩＮＧ")).toBe("suffix");
    });

    it("ranks identifier, then exact, then the rest; scopes limit the sources", async () => {
      const hits = await hitsOf(["链条2号股份有限公司"], ["clients"]);
      expect(hits[0]).toMatchObject({ match: "exact", name: "链条2号股份有限公司" });
      expect(hits.every((h) => h.source === "client")).toBe(true);
      const rank = ["identifier", "exact", "suffix", "region", "pinyin", "initials", "partial"];
      const mixed = await hitsOf(["链条"], ["clients"]);
      expect(mixed.map((h) => rank.indexOf(h.match))).toEqual(
        [...mixed.map((h) => rank.indexOf(h.match))].sort((a, b) => a - b),
      );
    });
  });

  describe("equity", () => {
    it("walks three tiers each way at >= 20% with the path, not 19.99%, and ends on a cycle", async () => {
      const eq = (await hitsOf(["链条0号股份有限公司"], ["clients", "equity"])).filter(
        (h) => h.source === "equity",
      );
      const names = eq.map((h) => h.name);
      expect(names).toEqual(
        expect.arrayContaining([
          "链条1号股份有限公司",
          "链条2号股份有限公司",
          "链条3号股份有限公司",
        ]),
      );
      expect(names).not.toContain("链条4号股份有限公司"); // tier 4 down
      const t3 = eq.find((h) => h.name === "链条3号股份有限公司")!;
      expect(t3.path!.steps).toEqual([
        { name: "链条1号股份有限公司", share: 50 },
        { name: "链条2号股份有限公司", share: 20 },
        { name: "链条3号股份有限公司", share: 35 },
      ]);
      const up = (await hitsOf(["链条3号股份有限公司"], ["clients", "equity"])).filter(
        (h) => h.source === "equity" && h.path!.direction === "up",
      );
      expect(up.map((h) => h.name)).toEqual(
        expect.arrayContaining([
          "链条2号股份有限公司",
          "链条1号股份有限公司",
          "链条0号股份有限公司",
        ]),
      );
      const fromT1 = (await hitsOf(["链条1号股份有限公司"], ["clients", "equity"])).filter(
        (h) => h.source === "equity",
      );
      expect(fromT1.map((h) => h.name)).not.toContain("边缘投资有限公司"); // 19.99%
      expect(fromT1.map((h) => h.name)).toContain("链条0号股份有限公司"); // 50%
    });

    it("finds tier 3 but not tier 4 going up", async () => {
      const up = (await equityOf("链条4号股份有限公司")).filter((h) => h.path!.direction === "up");
      const t1 = up.find((h) => h.name === "链条1号股份有限公司")!;
      expect(steps(t1)).toEqual([
        "50>链条3号股份有限公司",
        "35>链条2号股份有限公司",
        "20>链条1号股份有限公司",
      ]);
      expect(up.map((h) => h.name)).not.toContain("链条0号股份有限公司");
    });

    it("cuts a loop back to the start: a company is never its own hit, in a 3-cycle or a 2-cycle", async () => {
      // 链条2号 -35-> 3号 -50-> 4号 -25-> 2号: down and up the walk would reach 2号 at tier 3.
      const t2 = await equityOf("链条2号股份有限公司");
      expect(t2.map((h) => h.name)).toEqual(
        expect.arrayContaining(["链条3号股份有限公司", "链条4号股份有限公司"]),
      );
      expect(t2.map((h) => h.name)).not.toContain("链条2号股份有限公司");
      // 甲 ⇄ 乙 at 30% each: without the cut 甲 would come back at tier 2 (each edge is walked once).
      const x1 = await equityOf("甲方互持有限公司");
      expect(
        x1.map((h) => `${h.path!.direction}:${h.name}:${h.path!.steps.length}`).sort(),
      ).toEqual(["down:乙方互持有限公司:1", "up:乙方互持有限公司:1"]);
    });

    it("finds an outside shareholder and an invested company named only on an edge, with the path", async () => {
      // 远方资本 (no client) holds 40% of 链条0号: down three tiers through the chain, not four.
      const holder = await equityOf("远方资本");
      const byName = new Map(holder.map((h) => [h.name, h]));
      expect([...byName.keys()].sort()).toEqual(
        ["链条0号股份有限公司", "链条1号股份有限公司", "链条2号股份有限公司"].sort(),
      );
      expect(byName.get("链条2号股份有限公司")!.path).toMatchObject({
        direction: "down",
        from: "远方资本管理有限公司",
      });
      expect(steps(byName.get("链条2号股份有限公司")!)).toEqual([
        "40>链条0号股份有限公司",
        "50>链条1号股份有限公司",
        "20>链条2号股份有限公司",
      ]);
      // 链条3号 invests 30% in 下游外部制造 (no client): up three tiers (2号's holders are 1号 and,
      // by the cycle edge, 4号); 链条0号 would be the fourth.
      const company = await equityOf("下游外部制造有限公司");
      expect(company.map((h) => h.name).sort()).toEqual(
        [
          "链条1号股份有限公司",
          "链条2号股份有限公司",
          "链条3号股份有限公司",
          "链条4号股份有限公司",
        ].sort(),
      );
      expect(steps(company.find((h) => h.name === "链条1号股份有限公司")!)).toEqual([
        "30>链条3号股份有限公司",
        "35>链条2号股份有限公司",
        "20>链条1号股份有限公司",
      ]);
      expect(
        company.every((h) => h.path!.direction === "up" && h.path!.from === "下游外部制造有限公司"),
      ).toBe(true);
      // By pinyin, and the whole check (all scopes) includes them.
      expect((await equityOf("yuanfang ziben")).map((h) => h.name)).toContain(
        "链条0号股份有限公司",
      );
      expect(
        (await hitsOf(["远方资本管理有限公司"])).some(
          (h) => h.source === "equity" && h.name === "链条0号股份有限公司",
        ),
      ).toBe(true);
      // A holding under 20% starts no walk.
      expect(await equityOf("零星小股东投资")).toEqual([]);
    });

    it("cuts a walk that comes back to the outside name it started from", async () => {
      const loop = await equityOf("环回外部合伙企业");
      expect(loop.map((h) => `${h.path!.direction}:${h.name}`).sort()).toEqual([
        "down:环回中间有限公司",
        "up:环回中间有限公司",
      ]);
    });

    it("flags an equity hit that reaches a counterparty of an existing case as a likely conflict", async () => {
      const before = (await equityOf("链条0号股份有限公司")).find(
        (h) => h.name === "链条2号股份有限公司",
      )!;
      expect(before.likelyConflict).toBe(false);
      await s.api.open("lawyer", {
        parties: [
          {
            name: "链条2号股份有限公司",
            partyType: "organization",
            conflictRole: "counterparty-related",
          },
        ],
      });
      const after = await equityOf("链条0号股份有限公司");
      expect(after.find((h) => h.name === "链条2号股份有限公司")!.likelyConflict).toBe(true);
      expect(after.find((h) => h.name === "链条1号股份有限公司")!.likelyConflict).toBe(false);
      // Likely conflicts first among the keyword's equity hits.
      expect(after[0].name).toBe("链条2号股份有限公司");
    });

    it("indexes an outside name when its edge is added and drops it when the edge is deleted", async () => {
      const id = await outside("holder", "临时外部股东有限公司", "b", 25);
      expect((await equityOf("临时外部股东")).map((h) => h.name)).toContain("边缘投资有限公司");
      expect((await s.api.del("lawyer", `/api/equity-edges/${id}`)).statusCode).toBe(200);
      expect(await equityOf("临时外部股东")).toEqual([]);
    });
  });

  describe("reports", () => {
    it("saves decisions, requires a waiver letter, and cannot be changed afterwards", async () => {
      const hits = await hitsOf(["对手贸易"]);
      const key = hits[0].key;
      const noLetter = await s.api.post(
        "lawyer",
        "/api/conflicts/reports",
        { keywords: ["对手贸易"], decisions: [{ key, decision: "waived" }] },
        "zh-CN",
      );
      expect(noLetter.statusCode).toBe(422);
      expect(noLetter.json().msg).toBe("豁免须上传豁免函到文档");
      const up = await upload(s.t, "lawyer", [
        { field: "file", filename: "豁免函.pdf", body: pdfBody("waiver") },
      ]);
      expect(up.statusCode, up.body).toBe(200);
      const fileId = up.json().data[0].id;
      const saved = await s.api.post("lawyer", "/api/conflicts/reports", {
        keywords: ["对手贸易"],
        decisions: [{ key, decision: "waived", remark: "客户书面同意", waiverFileId: fileId }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json().data.id;
      const read = (await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).json().data;
      expect(read).toMatchObject({ keywords: ["对手贸易"], createdByName: "张伟" });
      expect(read.hits[0]).toMatchObject({
        decision: "waived",
        remark: "客户书面同意",
        waiverFileId: fileId,
      });
      const list = await s.api.get("lawyer", "/api/conflicts/reports?q=对手");
      expect(list.json().data.map((r: { id: string }) => r.id)).toContain(id);
      await expect(
        s.t.database.db.execute(
          sql`update conflict_reports set keywords = '["x"]' where id = ${id}`,
        ),
      ).rejects.toThrow();
      await expect(
        s.t.database.db.execute(sql`delete from conflict_reports where id = ${id}`),
      ).rejects.toThrow();
      const unknown = await s.api.post("lawyer", "/api/conflicts/reports", {
        keywords: ["对手贸易"],
        decisions: [{ key: "nope", decision: "none" }],
      });
      expect(unknown.statusCode).toBe(422);
    });
  });

  describe("tenancy, permissions and hostile input", () => {
    it("never shows another firm's data, and other firms cannot open a report", async () => {
      const other = await s.api.post("lawyer2", "/api/conflicts/search", {
        keywords: [
          "北京星辰科技有限公司",
          "对手贸易",
          "91110000MA01ABCD2X",
          "远方资本管理有限公司",
          "下游外部制造",
        ],
      });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.hits).toEqual([]);
      const mine = (await s.api.get("lawyer", "/api/conflicts/reports")).json().data[0].id;
      expect((await s.api.get("lawyer2", `/api/conflicts/reports/${mine}`)).statusCode).toBe(404);
    });

    it("refuses callers without the permission", async () => {
      expect(
        (await s.api.post("intern", "/api/conflicts/search", { keywords: ["张三"] })).statusCode,
      ).toBe(403);
    });

    it("answers NUL, __proto__ and deep JSON with a 4xx", async () => {
      const nul = (await search(["张\u0000三"])).statusCode;
      expect(nul).toBeGreaterThanOrEqual(400);
      expect(nul).toBeLessThan(500);
      const proto = await s.t.app.inject({
        method: "POST",
        url: "/api/conflicts/search",
        headers: { ...(await s.t.as("lawyer")), "content-type": "application/json" },
        payload: '{"keywords":["张三"],"__proto__":{"x":1}}',
      });
      expect(proto.statusCode).toBeGreaterThanOrEqual(400);
      expect(proto.statusCode).toBeLessThan(500);
      let deep: unknown = "x";
      for (let i = 0; i < 2000; i++) deep = [deep];
      const nested = await s.t.app.inject({
        method: "POST",
        url: "/api/conflicts/reports",
        headers: { ...(await s.t.as("lawyer")), "content-type": "application/json" },
        payload: JSON.stringify({ keywords: deep }),
      });
      expect(nested.statusCode).toBeGreaterThanOrEqual(400);
      expect(nested.statusCode).toBeLessThan(500);
    });
  });
});
