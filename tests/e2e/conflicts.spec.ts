import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

import AxeBuilder from "@axe-core/playwright";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

test("conflict check: refuses an 11th keyword, searches, decides and saves a report", async ({
  page,
  request,
}) => {
  await signIn(page, request, "lawyer");
  await page.goto("/manage/conflict-interest");
  const keywords = page.getByLabel(/关键词|Keywords/);
  for (let i = 0; i < 11; i++) await keywords.fill(`词${i}`).then(() => keywords.press("Enter"));
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  await expect(page.getByText(/关键词最多10个|At most 10 keywords/)).toBeVisible();
  await page.reload();
  await keywords.fill("张");
  await keywords.press("Enter");
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  await expect(
    page.getByRole("region", { name: /检索结果|Results/ }).getByRole("table"),
  ).toBeVisible();
  await snap(page, "conflicts-results");
  await page.getByRole("button", { name: /保存报告|Save report/ }).click();
  await expect(page.getByText(/报告已保存|Report saved/)).toBeVisible();
});

test("conflict check: waives a hit with an uploaded letter, saves, reopens it from the history and exports the PDF", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `利冲豁免测试${stamp}科技有限公司`;
  const keyword = `利冲豁免测试${stamp}`;
  const token = await apiToken(request, "lawyer");
  const created = await request.post("/api/accounts", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      accountType: "organization",
      name,
      creditCode: `91310000MA${stamp.toUpperCase().padStart(8, "0").slice(-8)}`,
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await signIn(page, request, "lawyer");
  await page.goto("/manage/conflict-interest");
  const keywords = page.getByLabel(/关键词|Keywords/);
  await keywords.fill(keyword);
  await keywords.press("Enter");
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  await expect(page.getByRole("cell", { name })).toBeVisible();
  await page.getByRole("combobox", { name: "结论" }).click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: "已豁免" })
    .click();
  // Saving a waiver without its letter is refused on the page, naming the fix.
  await page.getByRole("button", { name: /保存报告/ }).click();
  await expect(page.getByText("保存前请为每条已豁免的命中上传豁免函")).toBeVisible();
  await page.getByLabel("备注").fill("客户书面同意");
  const letter = `豁免函-${stamp}.pdf`;
  await page.locator("input[type=file]").setInputFiles({
    name: letter,
    mimeType: "application/pdf",
    buffer: Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Title (waiver) >>\nendobj\ntrailer\n<< >>\n%%EOF\n",
      "latin1",
    ),
  });
  await expect(page.locator(".ant-upload-list-item-done")).toHaveCount(1);
  await page.getByRole("button", { name: /保存报告/ }).click();
  await expect(page.getByText("报告已保存")).toBeVisible();
  await snap(page, "conflicts-waiver-saved");

  // The history lists it newest first; opening it shows the saved decision read-only.
  const open = page.getByRole("button", { name: new RegExp(`^查看 ${keyword}`) });
  await expect(open).toBeVisible();
  await expect(page.getByRole("button", { name: /^查看 / }).first()).toHaveAccessibleName(
    new RegExp(keyword),
  );
  await open.click();
  const report = page.getByRole("region", { name: /保存的报告（只读）/ });
  await expect(report.getByText(`豁免函：${letter}`)).toBeVisible();
  await expect(report.getByText("客户书面同意")).toBeVisible();
  await expect(report.getByRole("combobox")).toHaveCount(0);
  await snap(page, "conflicts-report-open");
  const download = page.waitForEvent("download");
  await report.getByRole("button", { name: /导出PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  // The SHA-256 the server recorded is shown, equals the downloaded bytes' hash, and is listed
  // under the report's exports and in the history.
  const sha = createHash("sha256").update(bytes).digest("hex");
  await expect(report.getByTestId("pdf-sha256")).toContainText(sha);
  await expect(report.getByRole("list", { name: /已导出的PDF/ })).toContainText(sha);
  const history = page.getByRole("table", { name: "已保存的报告" });
  await expect(history.getByRole("row").filter({ hasText: keyword })).toContainText(
    sha.slice(0, 12),
  );

  // The history is searchable by keyword (the list's ?q=).
  const find = page.getByRole("searchbox", { name: "搜索已保存的报告" });
  await find.fill(keyword);
  await find.press("Enter");
  await expect(history.getByRole("row").filter({ hasText: keyword })).toHaveCount(1);
  await expect(history.getByRole("button", { name: /^查看 / })).toHaveCount(1);
  await find.fill(`没有这样的报告${stamp}`);
  await find.press("Enter");
  await expect(history.getByText(`没有与“没有这样的报告${stamp}”匹配的报告`)).toBeVisible();
  await snap(page, "conflicts-history-search");
});

test("conflict check: hits grouped by keyword; opens an equity hit's path from the keyboard", async ({
  page,
  request,
}) => {
  await signIn(page, request, "lawyer");
  await page.goto("/manage/conflict-interest");
  const keywords = page.getByLabel(/关键词|Keywords/);
  // The seed's chain: 陈华信 —60%→ 华信控股集团有限公司 —75%→ 华信科技有限公司.
  await keywords.fill("陈华信");
  await keywords.press("Enter");
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  const results = page.getByRole("region", { name: /检索结果|Results/ });
  await expect(results.getByRole("cell", { name: /^关键词“陈华信”：命中 \d+ 条$/ })).toBeVisible();
  const row = results
    .getByRole("row")
    .filter({ hasText: "华信科技有限公司" })
    .filter({ hasText: "股权关系" });
  const toggle = row.getByRole("button", { name: "查看股权路径（2层）" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("button", { name: "收起股权路径" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const path = row.getByRole("list", { name: "向下的股权路径：对外持股" });
  await expect(path).toHaveText(
    /^陈华信\s*—60%→\s*华信控股集团有限公司\s*—75%→\s*华信科技有限公司$/,
  );
  await expect(path.getByRole("img", { name: "持股60%于" })).toBeVisible();
  await snap(page, "conflicts-equity-path");
  // The group header rows, the open path and the history's search box pass axe (WCAG 2.1 AA).
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(path).toHaveCount(0);
});
