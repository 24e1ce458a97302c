import { readFileSync } from "node:fs";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { refreshStaleConflictKeys } from "../../src/server/features/conflicts/sync-keys";
import { xlsxOf } from "../fixtures/accounts";
import { casesSuite } from "../fixtures/cases";

type Hit = {
  keyword: string;
  source: string;
  match: string;
  name: string;
  accountId: string | null;
  caseId: string | null;
};
type Row = Record<string, unknown>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The check reads the conflict_keys index, which every write of a name keeps up to date. */
describe("conflict check index", () => {
  const s = casesSuite();
  const hitsOf = async (keywords: string[], who = "lawyer") => {
    const res = await s.api.post(who, "/api/conflicts/search", { keywords });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hits as Hit[];
  };
  const matchOf = async (keyword: string, name: string, source?: string) =>
    (await hitsOf([keyword])).find((h) => h.name === name && (!source || h.source === source))
      ?.match;
  const created = async (who: string, url: string, body: Row) => {
    const res = await s.api.post(who, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row & { id: string; version: number };
  };
  const client = (name: string, creditCode: string, who = "lawyer") =>
    created(who, "/api/accounts", { accountType: "organization", name, creditCode });
  const patch = async (who: string, url: string, body: Row) => {
    const res = await s.api.patch(who, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };

  describe("POST /api/conflicts/search (match kinds through the index)", () => {
    it("finds clients, employees and parties by every kind of key", async () => {
      const acme = await client("Acme Trading Co., Ltd.", "91310000MA1K000001");
      await client("星海物流有限公司", "91310000MA1K000002");
      await created("lawyer", "/api/account-employees", {
        accountId: acme.id,
        name: "欧阳娜娜",
        idNumber: "110101198801012345",
      });
      const kase = await s.api.open("lawyer", {
        parties: [
          {
            name: "雷霆重工股份有限公司",
            partyType: "organization",
            idNumber: "91440300MA5F000003",
            conflictRole: "counterparty-related",
          },
        ],
      });
      expect(await matchOf("ACME TRADING CO LTD", "Acme Trading Co., Ltd.")).toBe("exact");
      expect(await matchOf("acme trading", "Acme Trading Co., Ltd.")).toBe("suffix");
      expect(await matchOf("上海星海物流有限公司", "星海物流有限公司")).toBe("region");
      expect(await matchOf("星海", "星海物流有限公司")).toBe("partial");
      // The keyword contains the stored name, not the other way round.
      expect(await matchOf("广州星海物流园区", "星海物流有限公司")).toBe("partial");
      expect(await matchOf("Ouyang Nana", "欧阳娜娜", "employee")).toBe("pinyin");
      expect(await matchOf("yangnana", "欧阳娜娜", "employee")).toBe("pinyin");
      expect(await matchOf("OYNN", "欧阳娜娜", "employee")).toBe("initials");
      expect(await matchOf("110101198801012345", "欧阳娜娜", "employee")).toBe("identifier");
      expect(
        await matchOf("９１４４０３００ＭＡ５Ｆ０００００３", "雷霆重工股份有限公司", "party"),
      ).toBe("identifier");
      expect(await matchOf("雷霆重工", "雷霆重工股份有限公司", "party")).toBe("suffix");
      expect((await hitsOf(["雷霆重工"])).find((h) => h.source === "party")?.caseId).toBe(kase.id);
      // An identifier-shaped keyword matches identifiers only, and punctuation alone matches nothing.
      expect(await hitsOf(["91310000MA1K999999"])).toEqual([]);
      expect(await hitsOf(["——"])).toEqual([]);
    });
  });

  describe("writes keep the index", () => {
    it("finds a renamed client under its new name only, and a deleted one not at all", async () => {
      const before = await client("旧名称咨询有限公司", "91310000MA1K000011");
      await patch("lawyer", `/api/accounts/${before.id}`, {
        ...before,
        name: "新名称咨询有限公司",
      });
      expect((await hitsOf(["旧名称咨询"])).filter((h) => h.accountId === before.id)).toEqual([]);
      expect(await matchOf("新名称咨询有限公司", "新名称咨询有限公司", "client")).toBe("exact");
      expect((await s.api.del("admin", `/api/accounts/${before.id}`)).statusCode).toBe(200);
      expect(
        (await hitsOf(["新名称咨询有限公司", "91310000MA1K000011"])).filter(
          (h) => h.accountId === before.id,
        ),
      ).toEqual([]);
    });

    it("follows an employee's rename and removal", async () => {
      const firm = await client("员工测试有限公司", "91310000MA1K000021");
      const employee = await created("lawyer", "/api/account-employees", {
        accountId: firm.id,
        name: "司马光",
      });
      await patch("lawyer", `/api/account-employees/${employee.id}`, {
        ...employee,
        name: "司马迁",
      });
      expect(await matchOf("司马光", "司马光")).toBeUndefined();
      expect(await matchOf("simaqian", "司马迁", "employee")).toBe("pinyin");
      expect((await s.api.del("admin", `/api/account-employees/${employee.id}`)).statusCode).toBe(
        200,
      );
      expect(await matchOf("司马迁", "司马迁")).toBeUndefined();
    });

    it("drops a party removed by a case edit and adds the one put in its place", async () => {
      const kase = await s.api.open("lawyer", {
        parties: [{ name: "将被删除贸易公司", partyType: "organization", conflictRole: "other" }],
      });
      expect(await matchOf("将被删除贸易", "将被删除贸易公司", "party")).toBe("suffix");
      const detail = (await s.api.get("lawyer", `/api/cases/${kase.id}`)).json().data as Row;
      const edited = await s.api.patch("lawyer", `/api/cases/${kase.id}`, {
        ...detail,
        parties: [{ name: "替换进来贸易公司", partyType: "organization", conflictRole: "other" }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await matchOf("将被删除贸易", "将被删除贸易公司", "party")).toBeUndefined();
      expect((await hitsOf(["替换进来贸易"])).find((h) => h.source === "party")).toMatchObject({
        caseId: kase.id,
        match: "suffix",
      });
    });

    it("changes a client's keys only when its approved change is applied", async () => {
      const settings = async (accountChanges: boolean) =>
        s.t.app.inject({
          method: "PUT",
          url: "/api/workflow/business-settings",
          headers: await s.t.as("admin"),
          payload: { accountChanges },
        });
      const record = await client("审批前名称有限公司", "91310000MA1K000031");
      expect((await settings(true)).statusCode).toBe(200);
      const pending = await patch("lawyer", `/api/accounts/${record.id}`, {
        ...record,
        name: "审批后名称有限公司",
      });
      expect(await matchOf("审批后名称", "审批后名称有限公司")).toBeUndefined();
      await s.api.wf.accept("partner", String(pending.pendingApprovalId));
      await settings(false);
      expect(await matchOf("审批后名称", "审批后名称有限公司", "client")).toBe("suffix");
      expect((await hitsOf(["审批前名称"])).filter((h) => h.accountId === record.id)).toEqual([]);
    });

    it("indexes imported clients, and re-indexes those an import updates", async () => {
      const head = ["客户类型", "客户名称", "统一社会信用代码"];
      const upload = async (rows: unknown[][], query = "") =>
        s.t.app.inject({
          method: "POST",
          url: `/api/accounts/import${query}`,
          headers: await s.t.as("partner", {
            lang: "zh-CN",
            "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          }),
          payload: await xlsxOf([head, ...rows]),
        });
      const first = await upload([
        ["机构", "导入甲方建设有限公司", "91310000MA1K000041"],
        ["机构", "导入乙方建设有限公司", "91310000MA1K000042"],
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(await matchOf("导入甲方建设", "导入甲方建设有限公司", "client")).toBe("suffix");
      expect(await matchOf("91310000ma1k000042", "导入乙方建设有限公司", "client")).toBe(
        "identifier",
      );
      const again = await upload(
        [["机构", "导入乙方改名有限公司", "91310000MA1K000042"]],
        "?onDuplicate=update",
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ updated: 1 });
      expect(await matchOf("91310000MA1K000042", "导入乙方改名有限公司", "client")).toBe(
        "identifier",
      );
      expect(await matchOf("导入乙方建设", "导入乙方建设有限公司")).toBeUndefined();
    });
  });

  describe("tenancy", () => {
    it("answers each firm with its own clients only, by name and by identifier", async () => {
      const mine = await client("两家同名律所客户有限公司", "91310000MA1K000051");
      const theirs = await client("两家同名律所客户有限公司", "91310000MA1K000052", "lawyer2");
      const forMe = (await hitsOf(["两家同名律所客户", "91310000MA1K000052"])).map(
        (h) => h.accountId,
      );
      expect(forMe).toContain(mine.id);
      expect(forMe).not.toContain(theirs.id);
      const forThem = (await hitsOf(["两家同名律所客户", "91310000MA1K000051"], "lawyer2")).map(
        (h) => h.accountId,
      );
      expect(forThem).toEqual([theirs.id]);
    });
  });

  describe("an upgraded database", () => {
    it("gets keys for rows stored before the index: the migration's backfill, then the start-up step", async () => {
      await client("升级前已有客户有限公司", "91310000MA1K000061");
      const file = readFileSync("src/server/db/migrations/0016_conflict_keys.sql", "utf8");
      const handWritten = file
        .slice(file.indexOf("-- hand-written:"))
        .split("--> statement-breakpoint")
        .map((x) => x.trim())
        .filter(Boolean);
      await s.t.database.db.execute(sql`delete from conflict_keys`);
      expect(await hitsOf(["升级前已有客户"])).toEqual([]);
      for (let run = 0; run < 2; run += 1)
        for (const statement of handWritten) await s.t.database.db.execute(sql.raw(statement));
      const count = async (where: string) =>
        rowsOf<{ n: number }>(
          await s.t.database.db.execute(
            sql.raw(`select count(*)::int as n from conflict_keys where ${where}`),
          ),
        )[0].n;
      expect(await count("stale")).toBeGreaterThan(0);
      expect(await refreshStaleConflictKeys(s.t.database.db)).toBeGreaterThan(0);
      expect(await count("stale")).toBe(0);
      expect(await count("true")).toBe(
        rowsOf<{ n: number }>(
          await s.t.database.db.execute(
            sql`select (select count(*) from accounts) + (select count(*) from account_employees) + (select count(*) from case_parties) as n`,
          ),
        ).map((r) => Number(r.n))[0],
      );
      expect(await matchOf("升级前已有客户", "升级前已有客户有限公司", "client")).toBe("suffix");
      expect(await matchOf("leiting", "雷霆重工股份有限公司", "party")).toBe("pinyin");
    });

    it("re-keys the person names keyed before the surname reading (migration 0018), not the companies", async () => {
      const person = await client("单田芳", "91310000MA1K000091");
      const company = await client("升级后公司名不变有限公司", "91310000MA1K000081");
      // As an older version stored it: the plain reading only, no surname key.
      await s.t.database.db.execute(
        sql`update conflict_keys set identifiers = array['91310000MA1K000091'], py = 'dantianfang', initials = 'dtf' where account_id = ${person.id}`,
      );
      expect(await matchOf("shantianfang", "单田芳", "client")).toBeUndefined();
      const file = readFileSync("src/server/db/migrations/0018_conflict_keys_surname.sql", "utf8");
      await s.t.database.db.execute(sql.raw(file));
      const stale = async (id: string) =>
        rowsOf<{ stale: boolean }>(
          await s.t.database.db.execute(
            sql`select stale from conflict_keys where account_id = ${id}`,
          ),
        )[0].stale;
      expect(await stale(person.id)).toBe(true);
      expect(await stale(company.id)).toBe(false);
      expect(await refreshStaleConflictKeys(s.t.database.db)).toBeGreaterThan(0);
      expect(await matchOf("shantianfang", "单田芳", "client")).toBe("pinyin");
    });

    it("indexes the outside names of equity edges written by SQL at the next start-up", async () => {
      const company = await client("批量股权客户有限公司", "91310000MA1K000071");
      await s.t.database.db
        .execute(sql`insert into equity_edges (workspace_id, holder_name, company_account_id, share, created_by, updated_by)
        select workspace_id, '批量外部股东有限公司', id, 30, created_by, created_by from accounts where id = ${company.id}`);
      const equity = async () =>
        (await hitsOf(["批量外部股东"]))
          .filter((h) => h.source === "equity")
          .map((h) => h.accountId);
      expect(await equity()).toEqual([]);
      expect(await refreshStaleConflictKeys(s.t.database.db)).toBe(1);
      expect(await equity()).toEqual([company.id]);
      expect(await refreshStaleConflictKeys(s.t.database.db)).toBe(0);
    });
  });
});

describe("POST /api/equity-edges", () => {
  const s = casesSuite();
  const post = async (body: unknown, raw?: string) =>
    s.t.app.inject({
      method: "POST",
      url: "/api/equity-edges",
      headers: await s.t.as("lawyer", { "content-type": "application/json" }),
      payload: raw ?? JSON.stringify(body),
    });
  const edges = async () =>
    rowsOf<{ n: number }>(
      await s.t.database.db.execute(sql`select count(*)::int as n from equity_edges`),
    )[0].n;

  it("accepts a share of 19.99 (a float multipleOf cannot represent exactly) and refuses 19.99995", async () => {
    const company = await s.api.clientId();
    const ok = await post({ holderName: "外部股东甲", companyAccountId: company, share: 19.99 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ code: 200 });
    expect(Number(ok.json().data.share)).toBe(19.99);
    const before = await edges();
    const finer = await post({
      holderName: "外部股东乙",
      companyAccountId: company,
      share: 19.99995,
    });
    expect(finer.statusCode).toBe(422);
    expect(await edges()).toBe(before);
  });

  it("answers NUL, __proto__ and deep JSON with a 4xx and writes nothing", async () => {
    const company = await s.api.clientId();
    const before = await edges();
    const answers = [
      await post({ holderName: "外部\u0000股东", companyAccountId: company, share: 30 }),
      await post(
        undefined,
        `{"holderName":"外部股东","companyAccountId":"${company}","share":30,"__proto__":{"share":1}}`,
      ),
      await post(
        undefined,
        `{"holderName":${"[".repeat(5000)}${"]".repeat(5000)},"companyAccountId":"${company}","share":30}`,
      ),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await edges()).toBe(before);
  });
});
