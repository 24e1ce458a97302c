import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import { accountsApi, readXlsx, xlsxOf } from "../fixtures/accounts";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";

/**
 * Issue 26: a property with a `title` and no `x-label` is labelled by its title in both languages
 * (export header, import header), a money field is marked by `x-format`, and an "update" import
 * of unchanged rows reports them as unchanged.
 */
type Props = Record<string, Record<string, unknown>>;

/** schemas/ plus the courts fixture (tests/fixtures/schemas), edited, in a temporary SCHEMAS_DIR. */
const courtsSchemasDir = (edit: (courts: Record<string, unknown>) => void) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lm-labels-"));
  cpSync("schemas", dir, { recursive: true });
  const courts = JSON.parse(
    readFileSync("tests/fixtures/schemas/courts.schema.json", "utf8"),
  ) as Record<string, unknown>;
  edit(courts);
  writeFileSync(path.join(dir, "courts.schema.json"), JSON.stringify(courts));
  return dir;
};
const withJudge = (s: Record<string, unknown>) => {
  const props = s.properties as Props;
  props.judge = {
    type: "string",
    title: "Presiding judge",
    maxLength: 50,
    "x-list": { order: 4, width: 140 },
  };
  props.courtFee = {
    type: "string",
    title: "Court fee",
    "x-format": "money",
    "x-decimal": { integer: 12, fraction: 2 },
  };
};

describe("a property with a title and no x-label", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await createTestApp({ schemasDir: courtsSchemasDir(withJudge) });
    api = accountsApi(t);
  });
  afterAll(() => t.close());

  it("validates, stores and reads back; its title heads the export in both languages", async () => {
    const created = await api.post("admin", "/api/courts", {
      name: "杭州互联网法院",
      level: "basic",
      judge: "王法官",
      courtFee: "1200000.5",
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ judge: "王法官", courtFee: "1200000.5" });
    const tooLong = await api.post("admin", "/api/courts", {
      name: "过长法院",
      level: "basic",
      judge: "x".repeat(51),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain("judge");
    for (const lang of ["en", "zh-CN"] as const) {
      const sheet = await readXlsx((await api.get("admin", "/api/courts/export", lang)).rawPayload);
      expect(sheet[0], lang).toContain("Presiding judge");
      expect(sheet[0], lang).toContain("Court fee");
      expect(sheet[0].join("|"), lang).not.toMatch(/\|judge\||undefined/);
    }
  });

  it("imports by its title, and an update import of the same rows reports them unchanged", async () => {
    const file = await xlsxOf([
      ["Court name", "Level", "Presiding judge"],
      ["宁波海事法院", "intermediate", "李法官"],
    ]);
    const imported = await api.upload("admin", "/api/courts/import", file, "en");
    expect(imported.json().data, imported.body).toMatchObject({
      imported: 1,
      unchanged: 0,
      errors: [],
    });
    const found = (
      await api.get("admin", `/api/courts?name_like=${encodeURIComponent("宁波海事")}`)
    ).json().data;
    expect(found.map((c: { judge: string }) => c.judge)).toEqual(["李法官"]);

    const again = await api.upload("admin", "/api/courts/import?onDuplicate=update", file, "en");
    expect(again.json().data, again.body).toEqual({
      total: 1,
      imported: 0,
      updated: 0,
      unchanged: 1,
      skipped: 0,
      errors: [],
    });
    const exported = (
      await api.get("admin", `/api/courts/export?name_like=${encodeURIComponent("海事")}`, "en")
    ).rawPayload;
    const changed = await readXlsx(exported);
    const judgeCol = changed[0].indexOf("Presiding judge");
    changed[1][judgeCol] = "赵法官";
    const update = await api.upload(
      "admin",
      "/api/courts/import?onDuplicate=update",
      await xlsxOf(changed),
      "en",
    );
    expect(update.json().data, update.body).toEqual({
      total: 1,
      imported: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
      errors: [],
    });
  });

  it("takes hostile input like any route: NUL, __proto__ keys and deep nesting", async () => {
    expect(
      (
        await api.post("admin", "/api/courts", {
          name: "空字符法院",
          level: "basic",
          judge: "a\u0000b",
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const proto = await t.app.inject({
      method: "POST",
      url: "/api/courts",
      headers: { ...(await t.as("admin")), "content-type": "application/json" },
      payload: '{"name":"原型法院二","level":"basic","judge":"x","__proto__":{"polluted":1}}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    let deep: unknown = "x";
    for (let i = 0; i < 200; i += 1) deep = { a: deep };
    expect(
      (await api.post("admin", "/api/courts", { name: "深层法院二", level: "basic", judge: deep }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a property with neither x-label nor title, or an unknown x-format, stops the start", () => {
  const boot = (edit: (props: Props) => void) =>
    buildApp(testConfig({ schemasDir: courtsSchemasDir((s) => edit(s.properties as Props)) }), {
      logger: false,
    });

  it("names the file and the property", async () => {
    await expect(boot((p) => (p.judge = { type: "string" }))).rejects.toThrow(
      /courts\.schema\.json: property "judge" has neither "x-label" nor "title"/,
    );
    await expect(
      boot((p) => (p.fee = { type: "string", title: "Fee", "x-format": "euro" })),
    ).rejects.toThrow(/courts\.schema\.json: .*x-format/);
  });
});
