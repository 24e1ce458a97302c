import { readdirSync, readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { translatorFor } from "../../src/server/lib/i18n";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { PermissionRule } from "../../src/shared/permissions";
import { accountsApi, orgInput, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";
import { firmIds, orgApi, roleByCode, userId } from "../fixtures/org";

type Result = {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: { row: number; field: string; message: string }[];
};
type Schema = {
  required?: string[];
  properties: Record<
    string,
    { "x-label"?: string; readOnly?: boolean; "x-ui"?: Record<string, string> }
  >;
};

/**
 * Issue 21 point 2: an export imports back. Rows that name a stored record by a unique key are
 * stopped on (default), skipped or update the record as an edit would (row scope included);
 * `partial` writes the valid rows and reports the rest; a child names its parent by a readable key.
 */
describe("import that round-trips", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  const stamp = "RT";
  const importAs = async (who: string, name: string, file: Buffer, query = "") => {
    const res = await api.upload(who, `/api/${name}/import${query}`, file);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Result;
  };
  const exportRows = async (who = "partner") => {
    const res = await api.get(
      who,
      `/api/accounts/export?name_like=${encodeURIComponent("往返")}&_sort=name&_order=asc`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { raw: res.rawPayload, rows: await readXlsx(res.rawPayload) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
    for (const n of [1, 2, 3]) {
      const res = await api.post(
        "partner",
        "/api/accounts",
        orgInput(7700 + n, { name: `往返${stamp}${n}有限公司`, remark: `备注${n}` }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("every schema's template carries every column its rows need, the parent by name", async () => {
    const en = translatorFor("en");
    for (const file of readdirSync("schemas")) {
      const name = file.replace(".schema.json", "");
      const schema = JSON.parse(readFileSync(`schemas/${file}`, "utf8")) as Schema;
      const res = await api.get("admin", `/api/${name}/import-template`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const [header] = await readXlsx(res.rawPayload);
      for (const key of schema.required ?? []) {
        const field = schema.properties[key];
        if (!field || field.readOnly) continue;
        expect(header, `${name}.${key}`).toContain(en(field["x-label"] ?? key));
      }
    }
  });

  it("a client's employees import with the client named by its credit code (or its name)", async () => {
    const [header] = await readXlsx(
      (await api.get("partner", "/api/account-employees/import-template", "zh-CN")).rawPayload,
    );
    expect(header).toContain("所属客户");
    const file = await xlsxOf([
      header,
      header.map((h) =>
        h === "所属客户" ? orgInput(7701).creditCode : h === "姓名" ? "李四" : "",
      ),
      header.map((h) => (h === "所属客户" ? `往返${stamp}2有限公司` : h === "姓名" ? "王五" : "")),
      header.map((h) => (h === "所属客户" ? "没有这家客户" : h === "姓名" ? "赵六" : "")),
    ]);
    const refused = await importAs("partner", "account-employees", file);
    expect(refused).toMatchObject({ imported: 0, errors: [{ row: 4 }] });
    const partial = await importAs("partner", "account-employees", file, "?partial=true");
    expect(partial).toMatchObject({ total: 3, imported: 2, errors: [{ row: 4 }] });
    const employees = (await api.get("partner", "/api/account-employees?name_like=李四")).json()
      .data as { accountId: string }[];
    const client = (
      await api.get("partner", `/api/accounts?creditCode=${orgInput(7701).creditCode}`)
    ).json().data[0] as { id: string };
    expect(employees[0].accountId).toBe(client.id);
    // The export names the client the same way, so it imports back.
    const exported = await readXlsx(
      (await api.get("partner", `/api/account-employees/export?accountId=${client.id}`, "zh-CN"))
        .rawPayload,
    );
    expect(exported[1][exported[0].indexOf("所属客户")]).toBe(orgInput(7701).creditCode);
  });

  it("stop (the default) reports every matching row and writes nothing; skip leaves them", async () => {
    const { raw } = await exportRows();
    const stopped = await importAs("partner", "accounts", raw);
    expect(stopped.imported + stopped.updated).toBe(0);
    expect(stopped.errors.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(stopped.errors[0].message).toMatch(/duplicate value/i);
    const skipped = await importAs("partner", "accounts", raw, "?onDuplicate=skip");
    expect(skipped).toEqual({
      total: 3,
      imported: 0,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      errors: [],
    });
  });

  it("export → import(update) → export gives the same content; a changed cell updates its record", async () => {
    const first = await exportRows();
    const same = await importAs("partner", "accounts", first.raw, "?onDuplicate=update");
    // Unchanged rows are reported as such, not as nothing.
    expect(same).toEqual({
      total: 3,
      imported: 0,
      updated: 0,
      unchanged: 3,
      skipped: 0,
      errors: [],
    });
    expect((await exportRows()).rows).toEqual(first.rows);

    const remark = first.rows[0].indexOf("Remarks");
    expect(remark).toBeGreaterThan(-1);
    const edited = first.rows.map((r, i) =>
      i === 2 ? r.map((c, j) => (j === remark ? "改过的备注" : c)) : r,
    );
    const changed = await importAs(
      "partner",
      "accounts",
      await xlsxOf(edited),
      "?onDuplicate=update",
    );
    expect(changed).toMatchObject({ updated: 1, unchanged: 2, imported: 0, errors: [] });
    expect((await exportRows()).rows).toEqual(edited);
  });

  it("with client changes under approval, an update becomes a pending change, not an overwrite", async () => {
    const setting = async (on: boolean) => {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/workflow/business-settings",
        headers: await t.as("admin"),
        payload: { accountChanges: on },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const { rows } = await exportRows();
    const remark = rows[0].indexOf("Remarks");
    const edited = rows.map((r, i) =>
      i === 1 ? Array.from(r, (c, j) => (j === remark ? "待审批的备注" : c)) : r,
    );
    await setting(true);
    try {
      const result = await importAs(
        "partner",
        "accounts",
        await xlsxOf(edited),
        "?onDuplicate=update",
      );
      expect(result).toMatchObject({ updated: 1, errors: [] });
      const name = String(rows[1][rows[0].indexOf("Name")]);
      const stored = (
        await api.get("partner", `/api/accounts?name_like=${encodeURIComponent(name)}`)
      ).json().data[0] as Record<string, unknown>;
      expect(stored).toMatchObject({
        status: "pending",
        remark: rows[1][remark],
        pendingChanges: { remark: "待审批的备注" },
      });
      // A client already waiting for approval cannot take another change: refused for its row.
      const again = await importAs(
        "partner",
        "accounts",
        await xlsxOf(edited),
        "?onDuplicate=update&partial=true",
      );
      expect(again.errors.map((e) => e.row)).toEqual([2]);
    } finally {
      await setting(false);
    }
  });

  it("an update of a record outside the importer's row scope is refused for that row only", async () => {
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const rules: PermissionRule[] = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: ["read", "export"], subject: "LAWFIRM_CUSTOMER_VIEW" },
      {
        action: ["update", "import", "create"],
        subject: "LAWFIRM_CUSTOMER_VIEW",
        conditions: OWN_CONDITIONS,
      },
    ];
    expect(
      (
        await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
          rules,
          version: role.version,
        })
      ).statusCode,
    ).toBe(200);
    const mine = await api.post(
      "partner",
      "/api/accounts",
      orgInput(7710, { name: `往返${stamp}9实习生的`, maintainerId: await userId(t, "intern") }),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const { rows } = await exportRows("intern");
    const remark = rows[0].indexOf("Remarks");
    // Array.from: a read row is sparse where cells are empty, and map skips holes.
    const edited = rows.map((r, i) =>
      i === 0 ? r : Array.from(r, (c, j) => (j === remark ? `新${String(c ?? "")}` : c)),
    );
    const result = await importAs(
      "intern",
      "accounts",
      await xlsxOf(edited),
      "?onDuplicate=update&partial=true",
    );
    expect(result.updated).toBe(1);
    expect(result.errors.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(result.errors[0].message).toBe("You may not change this existing record");
    const stored = (await api.get("partner", `/api/accounts/${mine.json().data.id}`)).json()
      .data as { remark: string };
    expect(stored.remark).toBe("新");
  });

  it("hostile input: NUL, __proto__ and deeply nested JSON are refused with a 4xx, nothing written", async () => {
    const before = (await api.get("partner", "/api/accounts?_end=1")).headers["x-total-count"];
    for (const query of [
      "?onDuplicate=%00",
      "?__proto__=1",
      "?onDuplicate=update&constructor=1",
      "?partial=%00",
    ]) {
      const res = await api.upload(
        "partner",
        `/api/accounts/import${query}`,
        await xlsxOf([["客户名称"], ["x"]]),
      );
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(400);
    }
    const proto = await api.upload(
      "partner",
      "/api/accounts/import",
      await xlsxOf([
        ["__proto__", "客户名称"],
        ["{}", "x"],
      ]),
    );
    expect(proto.statusCode).toBe(400);
    // exceljs drops a NUL when it writes a cell; a direction override it keeps, and the same text rules refuse it.
    const bidi = await importAs(
      "partner",
      "accounts",
      await xlsxOf([
        ["客户类型", "客户名称", "统一社会信用代码"],
        ["机构", "坏\u202E名称", "91310000MA00007799"],
      ]),
    );
    expect(bidi).toMatchObject({
      imported: 0,
      errors: [
        {
          row: 2,
          field: "Name",
          message: "contains a text-direction control character (such as a right-to-left override)",
        },
      ],
    });
    let deep: unknown = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/accounts/import",
      headers: await t.as("partner"),
      payload: JSON.stringify(deep),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await api.get("partner", "/api/accounts?_end=1")).headers["x-total-count"]).toBe(
      before,
    );
  });
});
