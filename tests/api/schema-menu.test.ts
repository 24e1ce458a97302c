import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import { accountsApi, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

const COURTS = path.resolve("tests/fixtures/schemas/courts.schema.json");

/** schemas/ plus the courts schema the repo does not ship, optionally edited, in a temporary SCHEMAS_DIR. */
export const courtsSchemasDir = (edit?: (courts: Record<string, unknown>) => void) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lm-courts-"));
  cpSync("schemas", dir, { recursive: true });
  const courts = JSON.parse(readFileSync(COURTS, "utf8")) as Record<string, unknown>;
  edit?.(courts);
  writeFileSync(path.join(dir, "courts.schema.json"), JSON.stringify(courts));
  return dir;
};

describe("an entity declared with x-menu (courts, no code)", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await createTestApp({ schemasDir: courtsSchemasDir() });
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  it("is listed by GET /api/schemas with its menu, before anyone signs in", async () => {
    const res = await t.app.inject({ url: "/api/schemas" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        resource: "courts",
        title: "Courts",
        group: "library",
        order: 10,
        icon: "BankOutlined",
        label: "courts.menu",
        subject: "LAWFIRM_COURT",
        views: ["list", "show", "create", "edit", "import", "export"],
        labels: {
          "courts.fields.name": "Court name",
          "courts.fields.level": "Level",
          "courts.fields.region": "Region",
          "courts.fields.address": "Address",
          "courts.fields.phone": "Phone",
        },
      },
    ]);
  });

  it("is refused until a role grants its subject, then created, found, filtered, edited, exported and imported", async () => {
    expect((await api.get("lawyer", "/api/courts")).statusCode).toBe(403);
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "lawyer");
    const refused = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
      rules: [...role.rules, { action: "approve", subject: "LAWFIRM_COURT" }],
      version: role.version,
    });
    expect(refused.statusCode).toBe(400);
    const rules = [
      ...role.rules,
      { action: ["read", "create", "update", "import", "export"], subject: "LAWFIRM_COURT" },
    ];
    const granted = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
      rules,
      version: role.version,
    });
    expect(granted.statusCode, granted.body).toBe(200);

    const created = await api.post("lawyer", "/api/courts", {
      name: "北京市海淀区人民法院",
      level: "basic",
      region: "北京",
      phone: "010-12345678",
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json().data;
    expect(
      (await api.post("lawyer", "/api/courts", { name: "x", level: "galactic" })).statusCode,
    ).toBe(422);
    expect(
      (await api.get("lawyer", "/api/courts?name_like=海淀"))
        .json()
        .data.map((c: { id: string }) => c.id),
    ).toEqual([id]);
    expect((await api.get("lawyer", "/api/courts?level=high")).json().data).toEqual([]);
    const edited = await api.patch("lawyer", `/api/courts/${id}`, {
      version,
      address: "丹棱街12号",
    });
    expect(edited.json().data.address).toBe("丹棱街12号");
    expect((await api.del("lawyer", `/api/courts/${id}`)).statusCode).toBe(403);

    const sheet = await readXlsx((await api.get("lawyer", "/api/courts/export", "en")).rawPayload);
    expect(sheet[0]).toContain("Court name");
    const file = await xlsxOf([
      ["Court name", "Level", "Region"],
      ["上海市高级人民法院", "high", "上海"],
    ]);
    const imported = await api.upload("lawyer", "/api/courts/import", file, "en");
    expect(imported.json().data, imported.body).toMatchObject({ imported: 1 });
    expect((await api.get("lawyer", "/api/courts?level=high")).json().data[0].name).toBe(
      "上海市高级人民法院",
    );
  });

  it("takes hostile input like any route: NUL, __proto__ keys and deep nesting", async () => {
    expect(
      (await api.post("admin", "/api/courts", { name: "a\u0000b", level: "basic" })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const proto = await t.app.inject({
      method: "POST",
      url: "/api/courts",
      headers: { ...(await t.as("admin")), "content-type": "application/json" },
      payload: '{"name":"原型法院","level":"basic","__proto__":{"polluted":1}}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    let deep: unknown = "x";
    for (let i = 0; i < 200; i += 1) deep = { deep };
    expect(
      (await api.post("admin", "/api/courts", { name: "深层法院", level: "basic", region: deep }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a bad x-menu stops the start with the file and the problem", () => {
  const boot = (edit: (courts: Record<string, unknown>) => void) =>
    buildApp(testConfig({ schemasDir: courtsSchemasDir(edit) }), { logger: false });
  const menu = (s: Record<string, unknown>) => s["x-menu"] as Record<string, unknown>;

  it("refuses an unknown x- key, an unknown icon, a subject clash and invalid JSON Schema", async () => {
    await expect(boot((s) => (menu(s).colour = "red"))).rejects.toThrow(
      /courts\.schema\.json: .*x-menu/,
    );
    await expect(boot((s) => (s["x-mennu"] = {}))).rejects.toThrow(
      /courts\.schema\.json: strict mode: unknown keyword: "x-mennu"/,
    );
    await expect(boot((s) => (menu(s).icon = "CourtHouseOutlined"))).rejects.toThrow(
      /courts\.schema\.json: x-menu icon "CourtHouseOutlined" is not/,
    );
    await expect(boot((s) => (menu(s).subject = "LAWFIRM_CASE_VIEW"))).rejects.toThrow(
      /courts\.schema\.json: x-menu subject "LAWFIRM_CASE_VIEW" clashes/,
    );
    await expect(boot((s) => (menu(s).views = ["list", "print"]))).rejects.toThrow(
      /courts\.schema\.json: .*x-menu/,
    );
    await expect(boot((s) => (s.required = "name"))).rejects.toThrow(
      /courts\.schema\.json: .*required/,
    );
  });

  it("refuses two schemas declaring one subject", async () => {
    const dir = courtsSchemasDir();
    const twin = JSON.parse(readFileSync(path.join(dir, "courts.schema.json"), "utf8")) as Record<
      string,
      unknown
    >;
    twin.$id = "tribunals";
    writeFileSync(path.join(dir, "tribunals.schema.json"), JSON.stringify(twin));
    await expect(buildApp(testConfig({ schemasDir: dir }), { logger: false })).rejects.toThrow(
      /tribunals\.schema\.json: x-menu subject "LAWFIRM_COURT" clashes with the subject of courts\.schema\.json/,
    );
  });
});
