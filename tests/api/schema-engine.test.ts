import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import { accounts, schemaRecords } from "../../src/server/db/tables";
import { accountsApi, orgInput, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";

/** A copy of schemas/ an admin may edit, as they would on a server. */
const schemaCopy = (edit: (schemas: Record<string, Record<string, unknown>>) => void) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lm-schemas-"));
  cpSync("schemas", dir, { recursive: true });
  const files: Record<string, Record<string, unknown>> = {};
  for (const name of ["accounts", "account-employees"])
    files[name] = JSON.parse(readFileSync(path.join(dir, `${name}.schema.json`), "utf8"));
  edit(files);
  for (const [name, schema] of Object.entries(files))
    writeFileSync(path.join(dir, `${name}.schema.json`), JSON.stringify(schema));
  return dir;
};

describe("an admin adds a property to schemas/accounts.schema.json", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    const dir = schemaCopy((s) => {
      const props = s.accounts.properties as Record<string, unknown>;
      props.bankAccount = {
        type: "string",
        title: "Bank account",
        format: "alphanumeric",
        maxLength: 30,
        "x-label": "accounts.fields.bankAccount",
        "x-list": { order: 20, width: 160 },
        "x-filter": 1,
      };
    });
    t = await createTestApp({ schemasDir: dir });
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  it("appears in the schema the form, detail, list and filter bar read", async () => {
    const schema = (await api.get("lawyer", "/api/schemas/accounts")).json().data;
    expect(schema.properties.bankAccount).toMatchObject({ "x-list": { order: 20 }, "x-filter": 1 });
  });

  it("is validated, stored in custom, listed, filtered, exported and imported with no migration", async () => {
    const bad = await api.post(
      "lawyer",
      "/api/accounts",
      orgInput(1, { bankAccount: "62-22" }),
      "en",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.fields).toEqual([
      { field: "bankAccount", message: "letters or numbers only" },
    ]);
    const ok = await api.post("lawyer", "/api/accounts", orgInput(1, { bankAccount: "6222001" }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, ok.json().data.id));
    expect(row.custom).toMatchObject({ bankAccount: "6222001" });
    const list = await api.get("lawyer", "/api/accounts?bankAccount_like=2200&_sort=bankAccount");
    expect(list.json().data.map((a: { bankAccount: string }) => a.bankAccount)).toEqual([
      "6222001",
    ]);

    const exported = await readXlsx(
      (await api.get("partner", "/api/accounts/export?bankAccount=6222001", "en")).rawPayload,
    );
    const col = (exported[0] as string[]).indexOf("Bank account");
    expect(exported[1][col]).toBe("6222001");
    const template = await readXlsx(
      (await api.get("partner", "/api/accounts/import-template", "en")).rawPayload,
    );
    expect(template[0]).toContain("Bank account");

    const file = await xlsxOf([
      ["Client type", "Name", "Organization ID", "Bank account"],
      ["Organization", "导入带账号", "91440300MA00000077", "ABC999"],
    ]);
    const imported = await api.upload("partner", "/api/accounts/import", file, "en");
    expect(imported.json().data).toMatchObject({ imported: 1 });
    expect((await api.get("lawyer", "/api/accounts?bankAccount=ABC999")).json().data[0].name).toBe(
      "导入带账号",
    );
  });
});

describe("a developer adds an entity with a schema file only", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    const dir = schemaCopy(() => undefined);
    writeFileSync(
      path.join(dir, "court-contacts.schema.json"),
      JSON.stringify({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "court-contacts",
        type: "object",
        "x-subject": "LAWFIRM_CASE_VIEW",
        additionalProperties: false,
        required: ["name"],
        properties: {
          name: {
            type: "string",
            minLength: 2,
            maxLength: 50,
            "x-label": "courtContacts.fields.name",
            "x-list": { order: 1 },
            "x-filter": 1,
          },
          phone: {
            type: "string",
            format: "phone",
            "x-label": "courtContacts.fields.phone",
            "x-list": { order: 2 },
          },
        },
      }),
    );
    t = await createTestApp({ schemasDir: dir });
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  it("serves list, create, update and delete at /api/<name>, stored in schema_records", async () => {
    const created = await api.post("lawyer", "/api/court-contacts", {
      name: "海淀法院立案庭",
      phone: "010-12345678",
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json().data;
    expect(
      (await api.post("lawyer", "/api/court-contacts", { name: "x" }, "en")).json().data.fields,
    ).toEqual([{ field: "name", message: "must be at least 2 characters" }]);
    expect(
      (
        await api.patch("lawyer", `/api/court-contacts/${id}`, { version, phone: "010-88888888" })
      ).json().data.phone,
    ).toBe("010-88888888");
    const list = await api.get("lawyer", "/api/court-contacts?name_like=海淀");
    expect(Number(list.headers["x-total-count"])).toBe(1);
    expect(await t.database.db.select().from(schemaRecords)).toHaveLength(1);
    expect((await api.get("admin2", `/api/court-contacts/${id}`)).statusCode).toBe(404);
    expect((await api.del("lawyer", `/api/court-contacts/${id}`)).statusCode).toBe(403);
    expect((await api.del("partner", `/api/court-contacts/${id}`)).statusCode).toBe(200);
  });
});

describe("a malformed schema", () => {
  const boot = (edit: (schemas: Record<string, Record<string, unknown>>) => void) =>
    buildApp(testConfig({ schemasDir: schemaCopy(edit) }), { logger: false });

  it("stops the start with the file and the problem", async () => {
    const props = (s: Record<string, Record<string, unknown>>) =>
      s.accounts.properties as Record<string, Record<string, unknown>>;
    await expect(boot((s) => (props(s).name["x-filter"] = 9))).rejects.toThrow(
      /accounts\.schema\.json: .*x-filter/,
    );
    await expect(
      boot((s) => (props(s).extra = { type: "string", "x-label": "a.b", "x-storage": "column" })),
    ).rejects.toThrow(
      /accounts\.schema\.json: property "extra" says x-storage "column", but the table has no column "extra"/,
    );
    await expect(boot((s) => (props(s).name.maxLenght = 3))).rejects.toThrow(
      /accounts\.schema\.json: strict mode: unknown keyword: "maxLenght"/,
    );
    await expect(boot((s) => (s["account-employees"].$id = "employees"))).rejects.toThrow(
      /account-employees\.schema\.json: "\$id" must be/,
    );
    await expect(
      boot((s) => ((props(s).region["x-filter"] = 6), delete props(s).region["x-options"])),
    ).rejects.toThrow(/x-filter 6 needs/);
  });
});
