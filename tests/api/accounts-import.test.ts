import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accounts, auditLogs } from "../../src/server/db/tables";
import { accountsApi, rawXlsx, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

const HEAD_ZH = [
  "客户类型",
  "客户名称",
  "统一社会信用代码",
  "身份证号",
  "性别",
  "客户标签",
  "客户来源",
  "员工人数",
  "成立日期",
];
const org = (n: number) => [
  "机构",
  `导入机构${n}`,
  `91440300MA${String(n).padStart(8, "0")}`,
  "",
  "",
  "重点客户, 上市公司",
  "老客户推荐",
  n,
  new Date("2012-03-04"),
];
const person = (n: number) => [
  "自然人",
  `导入个人${n}`,
  "",
  `44030019900101${String(n).padStart(3, "0")}X`,
  "女",
  "个人客户",
  "",
  "",
  "",
];

describe("accounts import and export", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  const count = async () => (await t.database.db.select().from(accounts)).length;
  const audits = async () => (await t.database.db.select().from(auditLogs)).length;

  beforeAll(async () => {
    t = await createTestApp({ importMaxRows: 50 });
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  describe("GET /api/accounts/import-template", () => {
    it("is an xlsx whose header row holds the importable fields in the caller's language", async () => {
      const res = await api.get("partner", "/api/accounts/import-template", "zh-CN");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("spreadsheetml");
      const [header] = await readXlsx(res.rawPayload);
      expect(header).toEqual(
        expect.arrayContaining(["客户类型", "客户名称", "统一社会信用代码", "关联方"]),
      );
      expect(header).not.toContain("创建时间");
      expect((await api.get("lawyer", "/api/accounts/import-template")).statusCode).toBe(403);
    });
  });

  describe("GET /api/accounts/import-limits", () => {
    it("states the configured limits to those who may import", async () => {
      const res = await api.get("partner", "/api/accounts/import-limits");
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        maxRows: 50,
        maxBytes: 10 * 1024 * 1024,
        exportMaxRows: 50_000,
      });
      expect((await api.get("lawyer", "/api/accounts/import-limits")).statusCode).toBe(403);
    });
  });

  describe("POST /api/accounts/import", () => {
    it("imports a clean sheet in one go, labels mapped to codes, with audit rows", async () => {
      const [before, auditsBefore] = [await count(), await audits()];
      const file = await xlsxOf([HEAD_ZH, org(1), org(2), person(3)]);
      const res = await api.upload("partner", "/api/accounts/import", file, "zh-CN");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        total: 3,
        imported: 3,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        errors: [],
      });
      expect(await count()).toBe(before + 3);
      expect(await audits()).toBe(auditsBefore + 3);
      const found = (await api.get("partner", "/api/accounts?name_like=导入机构1")).json().data[0];
      expect(found).toMatchObject({
        tags: ["key", "listed"],
        source: "referral",
        employeeCount: 1,
        establishedDate: "2012-03-04",
      });
    });

    it("reports duplicate and invalid rows per row and writes nothing", async () => {
      const before = await count();
      const file = await xlsxOf([
        HEAD_ZH,
        org(1),
        org(10),
        ["机构", "坏行", "SHORT", "", "", "不存在的标签", "", "很多", ""],
        person(11),
        person(11),
      ]);
      const res = await api.upload("partner", "/api/accounts/import", file, "zh-CN");
      expect(res.statusCode).toBe(200);
      const { imported, errors } = res.json().data as {
        imported: number;
        errors: { row: number; field: string; message: string }[];
      };
      expect(imported).toBe(0);
      expect(errors).toEqual(
        expect.arrayContaining([
          { row: 2, field: "统一社会信用代码", message: "值重复" },
          { row: 4, field: "客户标签", message: expect.any(String) },
          { row: 4, field: "员工人数", message: expect.any(String) },
          { row: 4, field: "统一社会信用代码", message: "长度必须为 18 个字符" },
          { row: 6, field: "身份证号", message: "值重复" },
        ]),
      );
      expect(await count()).toBe(before);
      const report = await api.post("partner", "/api/accounts/import-report", { errors }, "zh-CN");
      expect(report.statusCode).toBe(200);
      const rows = await readXlsx(report.rawPayload);
      expect(rows[0]).toEqual(["行号", "字段", "问题"]);
      expect(rows).toHaveLength(errors.length + 1);
    });

    it("answers 5001006 over the row limit, without a write", async () => {
      const before = await count();
      const rows = Array.from({ length: 51 }, (_, i) => org(200 + i));
      const res = await api.upload(
        "partner",
        "/api/accounts/import",
        await xlsxOf([HEAD_ZH, ...rows]),
        "en",
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 5001006,
        msg: "At most 50 rows can be imported at once",
      });
      expect(await count()).toBe(before);
    });

    it("answers hostile files with a clear error and writes nothing", async () => {
      const before = await count();
      const formula = await xlsxOf([HEAD_ZH, org(300)], (sheet) => {
        sheet.getCell("B2").value = {
          formula: 'HYPERLINK("http://evil","x")',
          result: "x",
        } as never;
      });
      const f = await api.upload("partner", "/api/accounts/import", formula, "en");
      expect(f.json().data.errors).toEqual([
        { row: 2, field: "Name", message: "formulas are not accepted; enter the value" },
      ]);

      // A header cell in the last column (XFD, 16 384) and a row of a million cells, more than any sheet may hold.
      const wide = await rawXlsx(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="XFD1" t="n"><v>1</v></c></row>',
        "<si><t>客户名称</t></si>",
      );
      const w = await api.upload("partner", "/api/accounts/import", wide, "en");
      expect(w.statusCode).toBe(400);
      expect(w.json().msg).toMatch(/too many columns/);
      const million = await rawXlsx(
        `<row r="1">${'<c t="n"><v>1</v></c>'.repeat(1_000_000)}</row>`,
      );
      const m = await api.upload("partner", "/api/accounts/import", million, "en");
      expect(m.statusCode).toBe(400);
      expect(m.json().msg).toBe("The file is not a valid xlsx workbook");

      const bomb = await rawXlsx(
        '<row r="1"><c t="s"><v>0</v></c></row>',
        `<si><t>${"A".repeat(80 * 1024 * 1024)}</t></si>`,
      );
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const b = await api.upload("partner", "/api/accounts/import", bomb, "zh-CN");
      expect(b.statusCode).toBe(400);
      expect(b.json().msg).toBe("文件内容过大（解压后超出限制），无法导入");

      const types = await xlsxOf([
        HEAD_ZH,
        ["机构", 12345, 91440300, "", "", "", "", "abc", "not a date"],
      ]);
      const ty = await api.upload("partner", "/api/accounts/import", types, "en");
      expect(ty.json().data.imported).toBe(0);
      expect(ty.json().data.errors.map((e: { field: string }) => e.field)).toEqual(
        expect.arrayContaining(["Organization ID", "Number of employees", "Date of establishment"]),
      );

      const notXlsx = await api.upload(
        "partner",
        "/api/accounts/import",
        Buffer.from("name,creditCode\nx,y"),
        "en",
      );
      expect(notXlsx.statusCode).toBe(400);
      const unknown = await api.upload(
        "partner",
        "/api/accounts/import",
        await xlsxOf([
          ["客户名称", "银行卡号"],
          ["x", "1"],
        ]),
        "en",
      );
      expect(unknown.json().msg).toContain("银行卡号");
      expect(await count()).toBe(before);
    });
  });

  describe("GET /api/accounts/export", () => {
    it("exports the filtered list with labels, and refuses more than the export limit", async () => {
      const res = await api.get(
        "partner",
        "/api/accounts/export?name_like=导入&_sort=name&_order=asc",
        "zh-CN",
      );
      expect(res.statusCode).toBe(200);
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0]).toEqual(expect.arrayContaining(["客户名称", "客户标签", "创建时间"]));
      const nameAt = (rows[0] as string[]).indexOf("客户名称");
      const tagsAt = (rows[0] as string[]).indexOf("客户标签");
      expect(
        rows
          .slice(1)
          .map((r) => r[nameAt])
          .sort(),
      ).toEqual(["导入个人3", "导入机构1", "导入机构2"]);
      expect(rows.find((r) => r[nameAt] === "导入机构1")?.[tagsAt]).toBe("重点客户, 上市公司");
      const small = await createTestApp({ exportMaxRows: 2 });
      const limited = await accountsApi(small).get("partner", "/api/accounts/export", "en");
      expect(limited.statusCode).toBe(400);
      expect(limited.json().msg).toBe("maximum 2 records can be exported, please refine filters");
      await small.close();
    });
  });
});
