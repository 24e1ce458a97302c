import { afterAll, beforeAll, describe, expect, it } from "vitest";
import JSZip from "jszip";
import * as XLSX from "xlsx";

import { accountsApi } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

/** Client names that a spreadsheet would run as formulas (CSV/formula injection). */
const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")',
  "+86 138 0000 0000",
  "-Acme Holdings",
  "@SUM(1+1)*cmd|' /C calc'!A0",
];

describe("xlsx exports neutralise formula-leading text", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  it("writes them as quote-prefixed text that a second reader (SheetJS) finds no formula in, and imports them back as text", async () => {
    const ids: string[] = [];
    for (const [i, name] of HOSTILE.entries()) {
      const res = await api.post("partner", "/api/accounts", {
        accountType: "organization",
        name,
        creditCode: `91310000MA${String(900 + i).padStart(8, "0")}`,
        remark: i === 0 ? "\tstarts with a tab" : "=1+1",
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id as string);
    }
    const exported = await api.get(
      "partner",
      "/api/accounts/export?creditCode_like=91310000MA00000",
      "en",
    );
    expect(exported.statusCode).toBe(200);

    // SheetJS, an independent reader: no cell carries a formula, every text is as the user wrote it.
    const book = XLSX.read(exported.rawPayload, {
      type: "buffer",
      cellFormula: true,
      cellStyles: true,
    });
    const sheet = book.Sheets[book.SheetNames[0]];
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith("!")) as [
      string,
      XLSX.CellObject,
    ][];
    expect(cells.length).toBeGreaterThan(HOSTILE.length);
    expect(cells.filter(([, cell]) => cell.f !== undefined)).toEqual([]);
    const texts = cells.map(([, cell]) => cell.v);
    for (const name of HOSTILE) expect(texts).toContain(name);
    expect(texts).toContain("\tstarts with a tab");
    for (const [, cell] of cells) if (HOSTILE.includes(String(cell.v))) expect(cell.t).toBe("s");

    // The sheet's XML: each formula-leading cell has the quotePrefix style (Excel's leading apostrophe).
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const sheetXml = await zip.file("xl/worksheets/sheet1.xml")?.async("string");
    const styles = await zip.file("xl/styles.xml")?.async("string");
    expect(styles).toContain('<xf quotePrefix="1"/>');
    for (const name of HOSTILE) {
      const escaped = name
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;");
      expect(sheetXml).toMatch(
        new RegExp(
          `<c r="[A-Z]+\\d+" t="inlineStr" s="3"><is><t xml:space="preserve">${escaped.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</t>`,
        ),
      );
    }
    expect(sheetXml).not.toContain("<f>");

    // Delete them, then import the very file: accepted as text, stored unchanged.
    for (const id of ids)
      expect((await api.del("partner", `/api/accounts/${id}`)).statusCode).toBe(200);
    const imported = await api.upload("partner", "/api/accounts/import", exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ imported: HOSTILE.length, errors: [] });
    for (const name of HOSTILE) {
      const found = (
        await api.get("partner", `/api/accounts?name=${encodeURIComponent(name)}`)
      ).json().data;
      expect(found.map((r: { name: string }) => r.name)).toEqual([name]);
    }
  });
});
