import { readdirSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { translatorFor } from "../../src/server/i18n";
import { accountsApi, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

type Result = { total: number; imported: number; updated: number; skipped: number; errors: { row: number; field: string; message: string }[] };

/** Made only through their approval: an import may update them, never add one. */
const THROUGH_APPROVAL: Record<string, string> = {
  cases: "cases.errors.throughApproval",
  contracts: "contracts.errors.throughApproval",
  "seal-requests": "seals.errors.throughApproval",
};

/**
 * Issue 21 for every schema: the export imports back. The export carries every template column
 * and the record id; brought back with "update" it changes nothing and reports nothing, a second
 * export is cell for cell the first, "skip" skips every row; the same rows without their id are
 * new rows and import (or, for what only an approval makes, are refused row by row).
 */
describe("every schema's export imports back", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
  });
  afterAll(() => t.close());
  const importAs = async (name: string, file: Buffer, query: string) => {
    const res = await api.upload("admin", `/api/${name}/import?${query}`, file);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    return res.json().data as Result;
  };
  const exportOf = async (name: string) => {
    const res = await api.get("admin", `/api/${name}/export?_sort=id&_order=asc`, "en");
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    return { raw: res.rawPayload, rows: await readXlsx(res.rawPayload) };
  };

  it("a changed cell updates the record its Record ID names, even with no unique key in the schema", async () => {
    const { rows } = await exportOf("case-time-entries");
    const col = rows[0].indexOf("Description");
    expect(col).toBeGreaterThanOrEqual(0);
    // A time entry not yet billed, of a case still open (others cannot change).
    let pick = 0;
    for (let i = 1; i < rows.length && !pick; i += 1) {
      const entry = (await api.get("admin", `/api/case-time-entries/${String(rows[i].at(-1))}`)).json().data as { caseId: string; billId?: string | null };
      const status = (await api.get("admin", `/api/cases/${entry.caseId}`)).json().data.status as string;
      if (!entry.billId && (status === "formal" || status === "pre-filing")) pick = i;
    }
    expect(pick).toBeGreaterThan(0);
    const edited = rows.map((r, i) => (i === pick ? r.map((c, j) => (j === col ? "按记录 ID 更新" : c)) : r));
    const res = await importAs("case-time-entries", await xlsxOf(edited), "onDuplicate=update");
    expect(res).toMatchObject({ imported: 0, updated: 1, errors: [] });
    const id = String(rows[pick].at(-1));
    expect((await api.get("admin", `/api/case-time-entries/${id}`)).json().data.description).toBe("按记录 ID 更新");
    // Stop (the default) names every row by its Record ID instead of writing.
    const stopped = await importAs("case-time-entries", await xlsxOf(edited.map((r, i) => (i === pick ? r.map((c, j) => (j === col ? "不会写入" : c)) : r))), "");
    expect(stopped).toMatchObject({ imported: 0, updated: 0 });
    expect(stopped.errors.map((e) => [e.row, e.field])).toEqual(rows.slice(1).map((_, i) => [i + 2, "Record ID"]));
    expect((await api.get("admin", `/api/case-time-entries/${id}`)).json().data.description).toBe("按记录 ID 更新");
  });

  for (const file of readdirSync("schemas")) {
    const name = file.replace(".schema.json", "");
    it(name, async () => {
      const first = await exportOf(name);
      const rows = first.rows.length - 1;
      expect(rows, `${name}: the demo seeds rows`).toBeGreaterThan(0);
      const [template] = await readXlsx((await api.get("admin", `/api/${name}/import-template`, "en")).rawPayload);
      for (const label of template) expect(first.rows[0], `${name}: template column ${String(label)}`).toContain(label);
      expect(first.rows[0].at(-1)).toBe("Record ID");

      const same = await importAs(name, first.raw, "onDuplicate=update");
      expect(same, name).toMatchObject({ total: rows, imported: 0, updated: 0, errors: [] });
      const second = await exportOf(name);
      expect(second.rows, `${name}: export → import → export`).toEqual(first.rows);
      expect(await importAs(name, first.raw, "onDuplicate=skip"), name).toMatchObject({ skipped: rows, imported: 0, errors: [] });

      // The same rows with no record id are new rows.
      const asNew = await xlsxOf(first.rows.map((r) => r.slice(0, -1)));
      const added = await importAs(name, asNew, "onDuplicate=skip&partial=true");
      if (THROUGH_APPROVAL[name]) {
        expect(added.imported, name).toBe(0);
        const message = translatorFor("en")(THROUGH_APPROVAL[name]);
        expect(added.errors.map((e) => e.message), name).toEqual(Array(rows).fill(message));
      } else {
        expect(added.imported + added.skipped + new Set(added.errors.map((e) => e.row)).size, `${name}: ${JSON.stringify(added.errors)}`).toBe(rows);
        expect(added.imported + added.skipped, name).toBeGreaterThan(0);
      }
    });
  }
});
