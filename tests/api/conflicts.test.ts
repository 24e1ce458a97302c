import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { casesSuite } from "../fixtures/cases";
import { pdfBody, upload } from "../fixtures/documents";

type Hit = { key: string; keyword: string; source: string; match: string; name: string; conflictRole: string; caseStatus: string | null; likelyConflict: boolean; path: { steps: { name: string; share: number }[]; direction: string } | null };

describe("conflict check", () => {
  const s = casesSuite();
  const ids: Record<string, string> = {};
  const search = async (keywords: unknown, scopes?: string[], who = "lawyer", lang: "en" | "zh-CN" = "en") =>
    s.api.post(who, "/api/conflicts/search", scopes ? { keywords, scopes } : { keywords }, lang);
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
    const res = await s.api.post("lawyer", "/api/equity-edges", { holderAccountId: ids[holder], companyAccountId: ids[company], share });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    await client("acme", { accountType: "organization", name: "北京星辰科技有限公司", creditCode: "91110000MA01ABCD2X" });
    await client("person", { accountType: "individual", name: "欧阳娜娜", idNumber: "110101199001011234", gender: "female" });
    // Equity chain T0 -50-> T1 -20-> T2 -35-> T3 -50-> T4 (holder -> company); B holds 19.99% of T1.
    for (const n of [0, 1, 2, 3, 4]) await client(`t${n}`, { accountType: "organization", name: `链条${n}号股份有限公司`, creditCode: `91310000MA0000000${n}` });
    await client("b", { accountType: "organization", name: "边缘投资有限公司", creditCode: "91310000MA000000B9" });
    await edge("t0", "t1", 50);
    await edge("t1", "t2", 20);
    await edge("t2", "t3", 35);
    await edge("t3", "t4", 50);
    await edge("t4", "t2", 25); // a cycle back into the chain
    await edge("b", "t1", 19.99);
    const employee = await s.api.post("lawyer", "/api/account-employees", { accountId: ids.acme, name: "張偉明" });
    expect(employee.statusCode, employee.body).toBe(200);
    await s.api.open("lawyer", {
      parties: [
        { name: "张三", partyType: "natural", litigationRole: "plaintiff", conflictRole: "client" },
        { name: "上海对手贸易有限公司", partyType: "organization", litigationRole: "defendant", conflictRole: "counterparty-related" },
      ],
    });
    await s.api.open("lawyer", { filingType: "pre-filing", parties: [{ name: "预立案人王五", partyType: "natural", conflictRole: "other" }] });
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
      expect((await search(eleven, undefined, "lawyer", "zh-CN")).json().msg).toBe("关键词最多10个");
      expect((await search(Array.from({ length: 10 }, (_, i) => `词${i}`))).statusCode).toBe(200);
    });
  });

  describe("match kinds", () => {
    it("finds by credit code, exact name, without suffix, without region, partial, pinyin, initials, full width and traditional", async () => {
      const kind = async (kw: string, name: string) => (await hitsOf([kw])).find((h) => h.name === name)?.match;
      expect(await kind("91110000ma01abcd2x", "北京星辰科技有限公司")).toBe("identifier");
      expect(await kind("９１１１００００ＭＡ０１ＡＢＣＤ２Ｘ", "北京星辰科技有限公司")).toBe("identifier");
      expect(await kind("北京星辰科技有限公司", "北京星辰科技有限公司")).toBe("exact");
      expect(await kind("北京星辰科技", "北京星辰科技有限公司")).toBe("suffix");
      expect(await kind("星辰科技有限公司", "北京星辰科技有限公司")).toBe("region");
      expect(await kind("星辰", "北京星辰科技有限公司")).toBe("partial");
      expect(await kind("ouyang nana", "欧阳娜娜")).toBe("pinyin");
      expect(await kind("oynn", "欧阳娜娜")).toBe("initials");
      expect(await kind("张伟明", "張偉明")).toBe("exact");
      expect(await kind("110101199001011234", "欧阳娜娜")).toBe("identifier");
    });

    it("gives each hit its conflict role, case status and likely-conflict flag, and covers pre-filing cases", async () => {
      const hits = await hitsOf(["对手贸易", "张三", "王五", "张伟明"]);
      const counter = hits.find((h) => h.name === "上海对手贸易有限公司")!;
      expect(counter).toMatchObject({ source: "party", conflictRole: "counterparty-related", likelyConflict: true, caseStatus: "formal" });
      expect(hits.find((h) => h.name === "张三")).toMatchObject({ conflictRole: "client", likelyConflict: false });
      expect(hits.find((h) => h.name === "预立案人王五")).toMatchObject({ conflictRole: "other" });
      expect(hits.find((h) => h.name === "張偉明")).toMatchObject({ source: "employee", conflictRole: "our-related" });
      // Grouped by keyword in the order given.
      const order = hits.map((h) => h.keyword);
      expect(order).toEqual([...order].sort((a, b) => ["对手贸易", "张三", "王五", "张伟明"].indexOf(a) - ["对手贸易", "张三", "王五", "张伟明"].indexOf(b)));
    });

    it("ranks identifier, then exact, then the rest; scopes limit the sources", async () => {
      const hits = await hitsOf(["链条2号股份有限公司"], ["clients"]);
      expect(hits[0]).toMatchObject({ match: "exact", name: "链条2号股份有限公司" });
      expect(hits.every((h) => h.source === "client")).toBe(true);
      const rank = ["identifier", "exact", "suffix", "region", "pinyin", "initials", "partial"];
      const mixed = await hitsOf(["链条"], ["clients"]);
      expect(mixed.map((h) => rank.indexOf(h.match))).toEqual([...mixed.map((h) => rank.indexOf(h.match))].sort((a, b) => a - b));
    });
  });

  describe("equity", () => {
    it("walks three tiers each way at >= 20% with the path, not 19.99%, and ends on a cycle", async () => {
      const eq = (await hitsOf(["链条0号股份有限公司"], ["clients", "equity"])).filter((h) => h.source === "equity");
      const names = eq.map((h) => h.name);
      expect(names).toEqual(expect.arrayContaining(["链条1号股份有限公司", "链条2号股份有限公司", "链条3号股份有限公司"]));
      expect(names).not.toContain("链条4号股份有限公司"); // tier 4 down
      const t3 = eq.find((h) => h.name === "链条3号股份有限公司")!;
      expect(t3.path!.steps).toEqual([{ name: "链条1号股份有限公司", share: 50 }, { name: "链条2号股份有限公司", share: 20 }, { name: "链条3号股份有限公司", share: 35 }]);
      const up = (await hitsOf(["链条3号股份有限公司"], ["clients", "equity"])).filter((h) => h.source === "equity" && h.path!.direction === "up");
      expect(up.map((h) => h.name)).toEqual(expect.arrayContaining(["链条2号股份有限公司", "链条1号股份有限公司", "链条0号股份有限公司"]));
      const fromT1 = (await hitsOf(["链条1号股份有限公司"], ["clients", "equity"])).filter((h) => h.source === "equity");
      expect(fromT1.map((h) => h.name)).not.toContain("边缘投资有限公司"); // 19.99%
      expect(fromT1.map((h) => h.name)).toContain("链条0号股份有限公司"); // 50%
    });
  });

  describe("reports", () => {
    it("saves decisions, requires a waiver letter, and cannot be changed afterwards", async () => {
      const hits = await hitsOf(["对手贸易"]);
      const key = hits[0].key;
      const noLetter = await s.api.post("lawyer", "/api/conflicts/reports", { keywords: ["对手贸易"], decisions: [{ key, decision: "waived" }] }, "zh-CN");
      expect(noLetter.statusCode).toBe(422);
      expect(noLetter.json().msg).toBe("豁免须上传豁免函到文档");
      const up = await upload(s.t, "lawyer", [{ field: "file", filename: "豁免函.pdf", body: pdfBody("waiver") }]);
      expect(up.statusCode, up.body).toBe(200);
      const fileId = up.json().data[0].id;
      const saved = await s.api.post("lawyer", "/api/conflicts/reports", { keywords: ["对手贸易"], decisions: [{ key, decision: "waived", remark: "客户书面同意", waiverFileId: fileId }] });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json().data.id;
      const read = (await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).json().data;
      expect(read).toMatchObject({ keywords: ["对手贸易"], createdByName: "张伟" });
      expect(read.hits[0]).toMatchObject({ decision: "waived", remark: "客户书面同意", waiverFileId: fileId });
      const list = await s.api.get("lawyer", "/api/conflicts/reports?q=对手");
      expect(list.json().data.map((r: { id: string }) => r.id)).toContain(id);
      await expect(s.t.database.db.execute(sql`update conflict_reports set keywords = '["x"]' where id = ${id}`)).rejects.toThrow();
      await expect(s.t.database.db.execute(sql`delete from conflict_reports where id = ${id}`)).rejects.toThrow();
      const unknown = await s.api.post("lawyer", "/api/conflicts/reports", { keywords: ["对手贸易"], decisions: [{ key: "nope", decision: "none" }] });
      expect(unknown.statusCode).toBe(422);
    });
  });

  describe("tenancy, permissions and hostile input", () => {
    it("never shows another firm's data, and other firms cannot open a report", async () => {
      const other = await s.api.post("lawyer2", "/api/conflicts/search", { keywords: ["北京星辰科技有限公司", "对手贸易", "91110000MA01ABCD2X"] });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.hits).toEqual([]);
      const mine = (await s.api.get("lawyer", "/api/conflicts/reports")).json().data[0].id;
      expect((await s.api.get("lawyer2", `/api/conflicts/reports/${mine}`)).statusCode).toBe(404);
    });

    it("refuses callers without the permission", async () => {
      expect((await s.api.post("intern", "/api/conflicts/search", { keywords: ["张三"] })).statusCode).toBe(403);
    });

    it("answers NUL, __proto__ and deep JSON with a 4xx", async () => {
      const nul = (await search(["张\u0000三"])).statusCode;
      expect(nul).toBeGreaterThanOrEqual(400);
      expect(nul).toBeLessThan(500);
      const proto = await s.t.app.inject({ method: "POST", url: "/api/conflicts/search", headers: { ...(await s.t.as("lawyer")), "content-type": "application/json" }, payload: '{"keywords":["张三"],"__proto__":{"x":1}}' });
      expect(proto.statusCode).toBeGreaterThanOrEqual(400);
      expect(proto.statusCode).toBeLessThan(500);
      let deep: unknown = "x";
      for (let i = 0; i < 2000; i++) deep = [deep];
      const nested = await s.t.app.inject({ method: "POST", url: "/api/conflicts/reports", headers: { ...(await s.t.as("lawyer")), "content-type": "application/json" }, payload: JSON.stringify({ keywords: deep }) });
      expect(nested.statusCode).toBeGreaterThanOrEqual(400);
      expect(nested.statusCode).toBeLessThan(500);
    });
  });
});
