import { buffer } from "node:stream/consumers";

import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";

import { type Cell, columnName, streamXlsx } from "../../src/server/schema-engine/xlsx-write";

const read = async (rows: Cell[][], header = ["名称", "Amount", "When", "Flag"]) => {
  async function* gen() {
    for (const r of rows) yield r;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    (await buffer(streamXlsx("客户: list/2026", header, gen()))) as unknown as ArrayBuffer,
  );
  return book.worksheets[0];
};

describe("streamXlsx", () => {
  it("names columns like Excel", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
  });

  it("writes a sheet exceljs reads back: text, numbers, dates, booleans, blanks", async () => {
    const when = new Date("2026-03-04T05:06:07Z");
    const sheet = await read([
      ['明德 & <Co> "quoted"', 12.5, when, true],
      [null, 0, undefined, false],
    ]);
    expect(sheet.name).toBe("客户  list 2026");
    expect(sheet.getRow(1).values).toEqual([undefined, "名称", "Amount", "When", "Flag"]);
    expect(sheet.getCell("A2").value).toBe('明德 & <Co> "quoted"');
    expect(sheet.getCell("B2").value).toBe(12.5);
    expect((sheet.getCell("C2").value as Date).toISOString()).toBe(when.toISOString());
    expect(sheet.getCell("D2").value).toBe(true);
    expect(sheet.getCell("A3").value).toBeNull();
    expect(sheet.getCell("B3").value).toBe(0);
    expect(sheet.getCell("D3").value).toBe(false);
  });

  it("drops characters XML cannot hold instead of writing a file Excel refuses", async () => {
    const sheet = await read([["a\u0001b\u0008c\td"]]);
    expect(sheet.getCell("A2").value).toBe("abc\td");
  });

  it("keeps formulas as text", async () => {
    const sheet = await read([['=HYPERLINK("http://x")']]);
    expect(sheet.getCell("A2").value).toBe('=HYPERLINK("http://x")');
  });

  it("fails the stream when the rows fail", async () => {
    async function* broken(): AsyncIterable<Cell[]> {
      yield ["ok"];
      throw new Error("database went away");
    }
    await expect(buffer(streamXlsx("x", ["a"], broken()))).rejects.toThrow("database went away");
  });
});
