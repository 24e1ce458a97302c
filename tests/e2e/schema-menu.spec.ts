import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import ExcelJS from "exceljs";
import type { Locator, Page } from "@playwright/test";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * A schema the repo does not ship (tests/fixtures/schemas/courts.schema.json) dropped into a
 * temporary SCHEMAS_DIR: the app started on it gives the entity a menu entry, screens and a row in
 * the role editor with no code change.
 */
const PORT = Number(process.env.E2E_SCHEMA_PORT ?? 3231);
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;
let tmp = "";

const choose = async (
  page: Page,
  name: string | RegExp,
  option: string,
  scope: Locator | Page = page,
) => {
  await scope
    .getByRole("combobox", { name })
    .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
    .click();
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")
    .last()
    .getByTitle(option, { exact: true })
    .click();
};

// antd spaces out a two-character Chinese button label ("保 存").
const label = (text: string) => new RegExp([...text].join("\\s?"));

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  tmp = mkdtempSync(path.join(os.tmpdir(), "lm-e2e-courts-"));
  const schemas = path.join(tmp, "schemas");
  cpSync("schemas", schemas, { recursive: true });
  cpSync("tests/fixtures/schemas/courts.schema.json", path.join(schemas, "courts.schema.json"));
  // A second entity whose views leave out import: no import right to grant, no Import button.
  const courts = JSON.parse(readFileSync("tests/fixtures/schemas/courts.schema.json", "utf8"));
  const tribunals = {
    ...courts,
    $id: "tribunals",
    title: "Tribunals",
    "x-menu": {
      ...courts["x-menu"],
      order: 20,
      label: "tribunals.menu",
      subject: "LAWFIRM_TRIBUNAL",
      views: ["list", "show", "create", "edit", "export"],
    },
  };
  writeFileSync(path.join(schemas, "tribunals.schema.json"), JSON.stringify(tribunals, null, 2));
  server = spawn("npx", ["tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(tmp, "data"),
      SCHEMAS_DIR: schemas,
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: "inherit",
    detached: true,
  });
  for (let i = 0; i < 240; i += 1) {
    const up = await fetch(`${BASE}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app with the courts schema did not start");
});

test.afterAll(() => {
  // The server runs in its own process group (npx -> tsx -> node): stop the whole group it made.
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(tmp, { recursive: true, force: true });
});

test("a schema-declared entity: granted in the role editor, then created, found, filtered, edited, exported and imported", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, "admin");
  const roles = (
    await (
      await request.get("/api/roles", { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()
  ).data as { id: string; code: string }[];
  const lawyerRole = roles.find((r) => r.code === "lawyer")!;

  await signIn(page, request, "admin");
  await page.goto(`/manage/settings/roles/${lawyerRole.id}/permissions`);
  for (const action of ["查看", "新建", "编辑", "导入", "导出"])
    await choose(page, `Courts ${action}`, "全部");
  await snap(page, "schema-menu-01-permission-editor");
  await page.getByRole("button", { name: label("保存") }).click();
  await expect(page.getByText("权限已保存")).toBeVisible();

  const context = await page.context().browser()!.newContext({ baseURL: BASE });
  const lawyer = await context.newPage();
  await signIn(lawyer, context.request, "lawyer");
  // The group's label: no locale names "library", so it reads as a word, not as its key.
  await lawyer.getByRole("navigation").getByText("Library", { exact: true }).click();
  await lawyer.getByRole("navigation").getByRole("link", { name: "Courts" }).click();
  await expect(lawyer).toHaveURL(/\/manage\/library\/courts(\?|$)/);

  await lawyer.getByRole("button", { name: label("新增") }).click();
  await expect(lawyer).toHaveURL(/\/manage\/library\/courts\/new$/);
  await lawyer.getByRole("textbox", { name: "Court name" }).fill("北京市海淀区人民法院");
  await choose(lawyer, "Level", "basic");
  await lawyer.getByRole("textbox", { name: "Region" }).fill("北京");
  await lawyer.getByRole("textbox", { name: "Phone" }).fill("010-12345678");
  await snap(lawyer, "schema-menu-02-form");
  await lawyer.getByRole("button", { name: label("保存") }).click();
  await expect(lawyer.getByRole("heading", { name: "北京市海淀区人民法院" })).toBeVisible();
  await snap(lawyer, "schema-menu-03-show");

  await lawyer.getByRole("button", { name: label("编辑") }).click();
  await expect(lawyer).toHaveURL(/\/edit$/);
  await lawyer.getByRole("textbox", { name: "Address" }).fill("丹棱街12号");
  await lawyer.getByRole("button", { name: label("保存") }).click();
  await expect(lawyer.getByText("丹棱街12号")).toBeVisible();

  await lawyer.goto("/manage/library/courts");
  await expect(lawyer.locator("tbody").getByText("北京市海淀区人民法院")).toBeVisible();
  const download = lawyer.waitForEvent("download");
  await lawyer.getByRole("button", { name: label("导出") }).click();
  expect((await download).suggestedFilename()).toMatch(/^courts-.*\.xlsx$/);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Sheet1");
  sheet.addRow(["Court name", "Level", "Region"]);
  sheet.addRow(["上海市高级人民法院", "high", "上海"]);
  const file = path.join(tmp, "courts.xlsx");
  await book.xlsx.writeFile(file);
  await lawyer.getByRole("button", { name: label("导入") }).click();
  await lawyer.locator("input[type=file]").setInputFiles(file);
  await expect(
    lawyer
      .getByRole("alert")
      .getByText("导入完成：共 1 行，新增 1 条，更新 0 条，未变更 0 条，跳过 0 条"),
  ).toBeVisible();

  await lawyer.goto("/manage/library/courts");
  await lawyer.getByRole("textbox", { name: "Court name" }).fill("上海");
  await lawyer.getByRole("button", { name: label("查询") }).click();
  await expect(lawyer.locator("tbody").getByText("上海市高级人民法院")).toBeVisible();
  await expect(lawyer.locator("tbody").getByText("北京市海淀区人民法院")).toHaveCount(0);
  await snap(lawyer, "schema-menu-04-filtered");
  await context.close();
});

test("an entity whose views leave out import: the role editor offers no import right, and even an admin's list has no Import button", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, "admin");
  const roles = (
    await (
      await request.get("/api/roles", { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()
  ).data as { id: string; code: string }[];
  const lawyerRole = roles.find((r) => r.code === "lawyer")!;

  await signIn(page, request, "admin");
  await page.goto(`/manage/settings/roles/${lawyerRole.id}/permissions`);
  // The editor's rows come after the roles, the subjects and the declared schemas have loaded.
  await expect(page.getByRole("combobox", { name: "Tribunals 查看" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("combobox", { name: "Tribunals 导出" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Tribunals 导入" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Courts 导入" })).toBeVisible();

  // The admin holds every right; the entity's views still decide what its list offers.
  await page.goto("/manage/library/tribunals");
  await expect(page.getByRole("button", { name: label("新增") })).toBeVisible();
  await expect(page.getByRole("button", { name: label("导出") })).toBeVisible();
  await expect(page.getByRole("button", { name: label("导入") })).toHaveCount(0);
  await snap(page, "schema-menu-05-no-import");
  await page.goto("/manage/library/courts");
  await expect(page.getByRole("button", { name: label("导入") })).toBeVisible();
  // Nor is there an import page to reach by its address.
  await page.goto("/manage/library/tribunals/import");
  await expect(page.locator("input[type=file]")).toHaveCount(0);
});
