import ExcelJS from "exceljs";

import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

const xlsx = async (rows: unknown[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("客户");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const HEAD = ["客户类型", "客户名称", "统一社会信用代码", "客户来源"];
const stamp = Date.now().toString().slice(-8);

test.describe("clients", () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request, "partner");
  });

  test("creates an organization with the seed's messages, filters, edits and manages employees", async ({
    page,
  }) => {
    await page.goto("/manage/contacts");
    await expect(page.getByRole("heading", { name: "客户列表" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "华信控股集团有限公司" })).toBeVisible();
    await snap(page, "accounts-list");

    await page.getByRole("button", { name: /新增/ }).click();
    await page.getByRole("menuitem", { name: "新增机构客户" }).click();
    await expect(page.getByRole("heading", { name: "新增客户" })).toBeVisible();
    const name = `明镜科技${stamp}有限公司`;
    await page.getByLabel("客户名称").fill(name);
    await page.getByLabel("统一社会信用代码").fill("12345");
    await page.getByLabel("注册资本（元）").fill("12.345");
    await page.getByRole("button", { name: "保 存" }).click();
    await expect(page.getByText("长度必须为 18 个字符")).toBeVisible();
    await expect(page.getByText("整数部分最多 12 位，小数部分最多 2 位")).toBeVisible();
    await snap(page, "accounts-form-errors");
    await page.getByLabel("统一社会信用代码").fill(`91110108MA${stamp}`);
    await page.getByLabel("注册资本（元）").fill("1000000.00");
    await page.getByRole("button", { name: "保 存" }).click();
    await expect(page).toHaveURL(/\/contacts\/instution-detail\//);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await snap(page, "accounts-detail");

    await page.getByRole("button", { name: "编 辑" }).click();
    await page.getByLabel("曾用名").fill("明镜旧名");
    await page.getByRole("button", { name: "保 存" }).click();
    await expect(page).toHaveURL(/instution-detail/);
    await expect(page.getByText("明镜旧名")).toBeVisible();

    await page.getByRole("tab", { name: "员工" }).click();
    await page.getByRole("button", { name: "新增员工" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByLabel("姓名").fill("周八");
    await drawer.getByLabel("手机号").fill("13812345678");
    await drawer.getByRole("button", { name: "保 存" }).click();
    await expect(page.getByRole("cell", { name: "周八" })).toBeVisible();
    await snap(page, "accounts-employees");

    await page.goto("/manage/contacts");
    const filters = page.getByRole("form", { name: "查询" });
    await filters.getByLabel("客户名称").fill(stamp);
    await filters.getByRole("button", { name: /查\s?询/ }).click();
    await expect(page).toHaveURL(/filters/);
    await expect(page.getByRole("cell", { name })).toBeVisible();
    await expect(page.getByRole("cell", { name: "华信控股集团有限公司" })).toHaveCount(0);
    await snap(page, "accounts-list-filtered");
  });

  test("imports with a per-row error report, then a clean file, and exports", async ({ page }) => {
    await page.goto("/manage/contacts/import");
    await expect(page.getByRole("heading", { name: "导入客户" })).toBeVisible();
    const bad = await xlsx([
      HEAD,
      ["机构", `导入乙${stamp}`, "SHORT", "老客户推荐"],
      ["机构", `导入丙${stamp}`, `91440300QA${stamp}`, "不存在"],
    ]);
    await page.locator("input[type=file]").setInputFiles({
      name: "bad.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: bad,
    });
    await expect(page.getByText(/发现 2 处问题，未导入任何数据/)).toBeVisible();
    await expect(page.getByRole("cell", { name: "长度必须为 18 个字符" })).toBeVisible();
    await snap(page, "accounts-import-errors");
    const report = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载错误报告" }).click();
    expect((await report).suggestedFilename()).toContain("import-errors");

    const good = await xlsx([HEAD, ["机构", `导入乙${stamp}`, `91440300PA${stamp}`, "老客户推荐"]]);
    await page.locator("input[type=file]").setInputFiles({
      name: "good.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: good,
    });
    await expect(
      page.getByText("导入完成：共 1 行，新增 1 条，更新 0 条，未变更 0 条，跳过 0 条").first(),
    ).toBeVisible();
    await snap(page, "accounts-import-done");

    await page.goto("/manage/contacts");
    const file = page.waitForEvent("download");
    await page.getByRole("button", { name: /导\s?出/ }).click();
    expect((await file).suggestedFilename()).toMatch(/^accounts-.*\.xlsx$/);
  });

  test("shows the equity structure as a diagram", async ({ page }) => {
    await page.goto("/manage/contacts");
    await page.getByRole("link", { name: "华信控股集团有限公司" }).click();
    await page.getByRole("tab", { name: "股权结构" }).click();
    const diagram = page.getByRole("group", { name: "股权结构图" });
    await expect(diagram).toBeVisible();
    await expect(diagram.locator(".react-flow__node")).toHaveCount(4);
    await expect(diagram.getByText("外部投资人基金")).toBeVisible();
    await snap(page, "accounts-equity");
  });
});
