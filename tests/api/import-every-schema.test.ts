import { readdirSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { translatorFor } from "../../src/server/lib/i18n";
import { accountsApi, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

type Result = {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: { row: number; field: string; message: string }[];
};

/** Made only through their approval: an import may update them, never add one. */
const THROUGH_APPROVAL: Record<string, string> = {
  cases: "cases.errors.throughApproval",
  contracts: "contracts.errors.throughApproval",
  "seal-requests": "seals.errors.throughApproval",
  invoices: "errors.invoices.throughRequest",
};

type Api = ReturnType<typeof accountsApi>;
type Detail = Record<string, unknown>;
/**
 * Per schema: the cells that make a template row new (its unique keys, a name to find it by); the
 * seeded row to start from (`base`: export order is by id, so random, hence a predicate on the
 * record); the one cell the round trip changes, in that row or (`editFresh`) in the first new row
 * when no seeded row may change (a bill issued and paid); `refused` when none ever may.
 */
type Plan = {
  fresh: (i: number) => Record<string, unknown>;
  base?: (record: Detail, api: Api) => Promise<boolean> | boolean;
  edit: [string, unknown];
  editFresh?: boolean;
  refused?: string;
};

const caseOpen = async (record: Detail, api: Api) => {
  const status = (await api.get("admin", `/api/cases/${String(record.caseId)}`)).json().data
    .status as string;
  return status === "formal" || status === "pre-filing";
};
const names = "甲乙丙丁戊";

const PLANS: Record<string, Plan> = {
  "account-employees": {
    fresh: (i) => ({ Name: `导入员工${names[i]}`, Mobile: `1370000000${i}` }),
    edit: ["Position", "导入后职位"],
  },
  accounts: {
    fresh: (i) => ({
      Name: `导入测试${names[i]}有限公司`,
      "Organization ID": `91110000200000000${i}`,
    }),
    base: (r) => r.accountType === "organization",
    edit: ["Remarks", "导入后备注"],
  },
  "case-bills": {
    fresh: (i) => ({ Remarks: `导入账单${i}` }),
    base: caseOpen,
    edit: ["Remarks", "导入后备注"],
    editFresh: true,
  },
  "case-court-numbers": {
    fresh: (i) => ({ "Court case number": `（2026）京0101民初90${i}号`, Current: false }),
    base: caseOpen,
    edit: ["Court case number", "（2026）京0101民初999号"],
  },
  // An expense on a bill is locked with it: start from one not billed yet.
  "case-expenses": {
    fresh: (i) => ({ Description: `导入费用${i}`, Receipts: null }),
    base: async (r, api) => !r.billId && (await caseOpen(r, api)),
    edit: ["Description", "导入后说明"],
  },
  "case-payments": {
    fresh: (i) => ({ Payer: `导入付款人${names[i]}`, Receipt: null }),
    base: caseOpen,
    edit: ["Payer", "导入后付款人"],
  },
  "case-time-entries": {
    fresh: (i) => ({ Description: `导入工时${i}` }),
    base: caseOpen,
    edit: ["Description", "导入后说明"],
    editFresh: true,
  },
  cases: {
    fresh: (i) => ({ "Case name": `导入案件${i}` }),
    base: (r) => !r.pendingChanges && (r.status === "formal" || r.status === "pre-filing"),
    edit: ["Case summary", "导入后摘要"],
  },
  contracts: {
    fresh: (i) => ({ "Contract name": `导入合同${i}` }),
    base: (r) =>
      !r.pendingApprovalId && ["approved", "signing", "signed"].includes(String(r.status)),
    edit: ["Fee terms", "导入后条款"],
  },
  "deadline-rules": {
    fresh: (i) => ({ Code: `import-test-${i}`, Rule: `导入规则${i}` }),
    edit: ["Legal basis", "导入后依据"],
  },
  "holiday-days": {
    fresh: (i) => ({ Date: `2031-0${i}-15`, Name: `导入假日${i}` }),
    edit: ["Name", "导入后名称"],
  },
  // What was approved is what gets stamped: a filed seal request never changes, by import either.
  "seal-requests": {
    fresh: (i) => ({ Reason: `导入用印${i}` }),
    edit: ["Reason", "导入后事由"],
    refused: "seals.errors.notEditable",
  },
  // An invoice is requested through its approval and changed only by finance's actions.
  invoices: {
    fresh: (i) => ({ Remark: `导入发票${i}` }),
    edit: ["Remark", "导入后备注"],
    refused: "errors.invoices.notEditable",
  },
  leads: {
    // A lead still open: a signed one is made only by its case, and a lost one changes no more.
    base: (r) => r.stage === "consult",
    fresh: (i) => ({ "Matter summary": `导入案源${i}` }),
    edit: ["Matter summary", "导入后摘要"],
  },
  seals: { fresh: (i) => ({ "Seal name": `导入专用章${i}` }), edit: ["Seal name", "导入后印章"] },
  "task-templates": {
    fresh: (i) => ({ Template: `导入模板${i}` }),
    edit: ["Template", "导入后模板"],
  },
};

/**
 * Issue 21 for every schema: (1) its import template, filled with fresh valid rows, imports with
 * no error and every row new (cases, contracts and seal requests, made only by their approval:
 * every row refused with that reason, nothing added — README, Import); (2) export → one changed
 * cell → import with "update" → export gives the changed file cell for cell (a seal request,
 * never changed once filed: that row refused, nothing changed); (3) on the export plus one new
 * row, "skip", "stop" and "import the valid rows, report the rest" give exact counts and reports.
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
      const entry = (
        await api.get("admin", `/api/case-time-entries/${String(rows[i].at(-1))}`)
      ).json().data as { caseId: string; billId?: string | null };
      const status = (await api.get("admin", `/api/cases/${entry.caseId}`)).json().data
        .status as string;
      if (!entry.billId && (status === "formal" || status === "pre-filing")) pick = i;
    }
    expect(pick).toBeGreaterThan(0);
    const edited = rows.map((r, i) =>
      i === pick ? r.map((c, j) => (j === col ? "按记录 ID 更新" : c)) : r,
    );
    const res = await importAs("case-time-entries", await xlsxOf(edited), "onDuplicate=update");
    expect(res).toMatchObject({ imported: 0, updated: 1, errors: [] });
    const id = String(rows[pick].at(-1));
    expect((await api.get("admin", `/api/case-time-entries/${id}`)).json().data.description).toBe(
      "按记录 ID 更新",
    );
    // Stop (the default) names every row by its Record ID instead of writing.
    const stopped = await importAs(
      "case-time-entries",
      await xlsxOf(
        edited.map((r, i) => (i === pick ? r.map((c, j) => (j === col ? "不会写入" : c)) : r)),
      ),
      "",
    );
    expect(stopped).toMatchObject({ imported: 0, updated: 0 });
    expect(stopped.errors.map((e) => [e.row, e.field])).toEqual(
      rows.slice(1).map((_, i) => [i + 2, "Record ID"]),
    );
    expect((await api.get("admin", `/api/case-time-entries/${id}`)).json().data.description).toBe(
      "按记录 ID 更新",
    );
  });

  /** An export's row as header → cell. */
  const cellsOf = (header: unknown[], row: unknown[]) =>
    new Map(header.map((h, i) => [String(h), row[i] ?? null]));
  const duplicate = translatorFor("en")("validation.duplicate");

  for (const file of readdirSync("schemas")) {
    const name = file.replace(".schema.json", "");
    it(name, async () => {
      const plan = PLANS[name];
      expect(plan, `${name}: a plan in PLANS`).toBeTruthy();
      const before = await exportOf(name);
      const header = before.rows[0];
      const rows = before.rows.length - 1;
      expect(rows, `${name}: the demo seeds rows`).toBeGreaterThan(0);
      let pick = 0;
      for (let r = 1; r < before.rows.length && !pick; r += 1) {
        const record = (
          await api.get("admin", `/api/${name}/${String(before.rows[r].at(-1))}`)
        ).json().data as Detail;
        if (!plan.base || (await plan.base(record, api))) pick = r;
      }
      expect(pick, `${name}: a seeded row to start from`).toBeGreaterThan(0);
      const base = cellsOf(header, before.rows[pick]);

      // 1. The import template, filled with fresh valid rows (a seeded row's cells, its
      // identifying ones made new), imports as it is.
      const [template] = await readXlsx(
        (await api.get("admin", `/api/${name}/import-template`, "en")).rawPayload,
      );
      for (const label of template)
        expect(header, `${name}: template column ${String(label)}`).toContain(label);
      const fresh = (i: number, columns: unknown[]) => {
        const cells = { ...Object.fromEntries(base), ...plan.fresh(i) };
        return columns.map((c) => (template.includes(c) ? (cells[String(c)] ?? null) : null));
      };
      const filled = await importAs(
        name,
        await xlsxOf([template, fresh(1, template), fresh(2, template)]),
        "",
      );
      const afterFill = await exportOf(name);
      if (THROUGH_APPROVAL[name]) {
        // Documented (README, Import): a row the resource refuses is reported for that row; new
        // cases, contracts and seal requests are made only by their approval, so none is added.
        const message = translatorFor("en")(THROUGH_APPROVAL[name]);
        expect(filled).toEqual({
          total: 2,
          imported: 0,
          updated: 0,
          unchanged: 0,
          skipped: 0,
          errors: [
            { row: 2, field: "", message },
            { row: 3, field: "", message },
          ],
        });
        expect(afterFill.rows).toEqual(before.rows);
      } else {
        expect(filled, name).toEqual({
          total: 2,
          imported: 2,
          updated: 0,
          unchanged: 0,
          skipped: 0,
          errors: [],
        });
        expect(afterFill.rows.length).toBe(rows + 3);
        const added = afterFill.rows.filter((r) => !before.rows.some((b) => b.at(-1) === r.at(-1)));
        expect(
          added.map((r) =>
            Object.fromEntries([...cellsOf(header, r)].filter(([h]) => template.includes(h))),
          ),
        ).toEqual(
          expect.arrayContaining(
            [1, 2].map((i) =>
              expect.objectContaining(
                Object.fromEntries(
                  Object.entries(plan.fresh(i)).filter(([h]) => template.includes(h)),
                ),
              ),
            ),
          ),
        );
      }

      // 2. Export → one changed cell → import with "update" → export: the changed file, cell for cell.
      const current = afterFill.rows;
      const firstFresh = Object.entries(plan.fresh(1)).find(([h]) => template.includes(h)) as [
        string,
        unknown,
      ];
      const editRow = plan.editFresh
        ? current.findIndex((r) => r[header.indexOf(firstFresh[0])] === firstFresh[1])
        : current.findIndex((r) => r.at(-1) === before.rows[pick].at(-1));
      expect(editRow, `${name}: the row to change`).toBeGreaterThan(0);
      const col = header.indexOf(plan.edit[0]);
      expect(col, `${name}: column ${plan.edit[0]}`).toBeGreaterThanOrEqual(0);
      const edited = current.map((r, i) =>
        i === editRow ? header.map((_, j) => (j === col ? plan.edit[1] : (r[j] ?? null))) : r,
      );
      const update = await importAs(name, await xlsxOf(edited), "onDuplicate=update");
      const after = await exportOf(name);
      const trim = (table: unknown[][]) => table.map((r) => header.map((_, j) => r[j] ?? null));
      if (plan.refused) {
        const message = translatorFor("en")(plan.refused);
        expect(update, name).toEqual({
          total: current.length - 1,
          imported: 0,
          updated: 0,
          unchanged: 0,
          skipped: 0,
          errors: [{ row: editRow + 1, field: "", message }],
        });
        expect(trim(after.rows), `${name}: nothing changed`).toEqual(trim(current));
      } else {
        expect(update, name).toEqual({
          total: current.length - 1,
          imported: 0,
          updated: 1,
          unchanged: current.length - 2,
          skipped: 0,
          errors: [],
        });
        expect(trim(after.rows), `${name}: export → import (update) → export`).toEqual(
          trim(edited),
        );
      }

      // 3. Skip and stop, exactly, on the export plus one new row (the file's own layout, no Record ID).
      const stored = after.rows.length - 1;
      const mixed = await xlsxOf([...after.rows, fresh(3, header)]);
      expect(await importAs(name, after.raw, "onDuplicate=skip"), name).toEqual({
        total: stored,
        imported: 0,
        updated: 0,
        unchanged: 0,
        skipped: stored,
        errors: [],
      });
      const dupes = after.rows
        .slice(1)
        .map((_, i) => ({ row: i + 2, field: "Record ID", message: duplicate }));
      const newRow = stored + 2;
      const refused = THROUGH_APPROVAL[name]
        ? [{ row: newRow, field: "", message: translatorFor("en")(THROUGH_APPROVAL[name]) }]
        : [];
      const imports = THROUGH_APPROVAL[name] ? 0 : 1;
      // Stop (the default): every matched row reported, nothing written, the new row included.
      expect(await importAs(name, mixed, ""), name).toEqual({
        total: stored + 1,
        imported: 0,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        errors: dupes,
      });
      expect((await exportOf(name)).rows).toEqual(after.rows);
      // Skip: the matched rows skipped, the new one written (or refused by its resource).
      expect(await importAs(name, mixed, "onDuplicate=skip&partial=true"), name).toEqual({
        total: stored + 1,
        imported: imports,
        updated: 0,
        unchanged: 0,
        skipped: stored,
        errors: refused,
      });
      // Stop with "import the valid rows, report the rest": the new row written, the matched ones reported.
      const again = await xlsxOf([...after.rows, fresh(4, header)]);
      expect(await importAs(name, again, "partial=true"), name).toEqual({
        total: stored + 1,
        imported: imports,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        errors: [...dupes, ...refused],
      });
      expect((await exportOf(name)).rows.length - 1).toBe(stored + 2 * imports);
    });
  }
});
