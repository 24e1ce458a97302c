import type { Locator, Page } from "@playwright/test";

import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Workflow start forms and the designer speak the reader's language: the schema forms' messages,
 * selects with a placeholder instead of an empty option, one description field, operators by
 * name, and labels (fields and options) an admin gave in both languages. The fixture fails the
 * test on any page error or console error ("Form validation failed" included).
 */

const spaced = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The form item of a field, by its label. */
const item = (page: Page, label: string) =>
  page
    .locator(".ant-form-item:not(:has(.ant-form-item))")
    .filter({ has: page.locator("label", { hasText: new RegExp(`^${escape(label)}$`) }) });

const openSelect = async (page: Page, scope: Locator) => {
  await scope.locator(".ant-select-selector").click();
  return page.locator(".ant-select-dropdown:visible");
};

const CASES = [
  {
    lang: "zh-CN",
    flow: "费用报销",
    title: "标题",
    amount: "金额（元）",
    category: "费用类别",
    note: "说明",
    comment: "给审批人的附言（选填）",
    placeholder: "请选择",
    options: ["差旅", "办公", "客户招待"],
    required: "必填",
    submit: "提交",
  },
  {
    lang: "en",
    flow: "Expense claim",
    title: "Title",
    amount: "Amount (CNY)",
    category: "Category",
    note: "Details",
    comment: "Note to the approvers (optional)",
    placeholder: "Select",
    options: ["Travel", "Office", "Client entertainment"],
    required: "is required",
    submit: "Submit",
  },
] as const;

for (const c of CASES) {
  test(`the expense start form is translated, has no empty option and validates in ${c.lang}`, async ({
    page,
    request,
  }) => {
    await useFirm(request, "lawyer", "明德律师事务所");
    await signIn(page, request, "lawyer");
    await page.evaluate((lang) => localStorage.setItem("language", lang), c.lang);
    await page.goto("/manage/workflow/add");
    await page.getByRole("button", { name: new RegExp(c.flow) }).click();
    await expect(page.getByRole("heading", { name: c.flow })).toBeVisible();

    // One description field: the form's own, and the note to the approvers under another name.
    await expect(page.locator("label", { hasText: new RegExp(`^${escape(c.note)}$`) })).toHaveCount(
      1,
    );
    await expect(page.getByLabel(c.comment)).toBeVisible();

    // The category select: a placeholder, its options in this language, none of them empty.
    const category = item(page, c.category);
    await expect(category.locator(".ant-select-selection-placeholder")).toHaveText(c.placeholder);
    const dropdown = await openSelect(page, category);
    const options = dropdown.locator(".ant-select-item-option");
    await expect(options).toHaveText([...c.options]);
    await page.keyboard.press("Escape");

    // Submitted empty: the schema forms' message under each required field, nothing logged.
    await page.getByRole("button", { name: spaced(c.submit) }).click();
    await expect(item(page, c.title).locator(".ant-form-item-explain")).toHaveText(c.required);
    await expect(category.locator(".ant-form-item-explain")).toHaveText(c.required);
    await snap(page, `workflow-forms-${c.lang}-01-start-empty`);

    // Filled, it goes through.
    await item(page, c.title)
      .locator("input")
      .fill(`报销 ${c.lang} ${Date.now() % 100000}`);
    await item(page, c.amount).locator("input").fill("120.00");
    await openSelect(page, category);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option", {
        hasText: new RegExp(`^${escape(c.options[1])}$`),
      })
      .click();
    await page.getByRole("button", { name: spaced(c.submit) }).click();
    await expect(page).toHaveURL(/\/workflow\/detail\//);
    // The approval (its form read as label and value, not inputs) shows the chosen option by its
    // label in this language.
    await expect(
      page.locator(".wf-form-view").getByText(new RegExp(`^${escape(c.options[1])}$`)),
    ).toBeVisible({ timeout: 30_000 });
    await snap(page, `workflow-forms-${c.lang}-02-detail`);
  });
}

test("the designer names operators and takes option labels in both languages", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request, "admin");
  await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  await page.goto("/manage/workflow/definitions");
  await page.getByRole("button", { name: "新建流程" }).first().click();
  const create = page.getByRole("dialog", { name: "新建流程" });
  await create.getByLabel("流程名称").fill(`E2E 选项 ${Date.now()}`);
  await create.getByRole("button", { name: spaced("新建") }).click();
  await expect(page).toHaveURL(/\/workflow\/definitions\/.+\/design/);

  // A select field with two options and their English names.
  await page.getByRole("tab", { name: "表单" }).click();
  const options = page.getByRole("combobox", { name: "第 2 个字段的选项" });
  // A click on the menu while it is still opening can be lost on a busy machine: retry until the field is there.
  await expect(async () => {
    if (!(await page.getByRole("menuitem", { name: "单选", exact: true }).isVisible()))
      await page.getByRole("button", { name: "添加字段" }).click();
    await page.getByRole("menuitem", { name: "单选", exact: true }).click({ timeout: 2_000 });
    await expect(options).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await options.fill("加急");
  await options.press("Enter");
  await options.fill("普通");
  await options.press("Enter");
  await page.getByLabel("选项“加急”的英文名").fill("Urgent");
  await page.getByLabel("选项“普通”的英文名").fill("Normal");
  await page.getByRole("tab", { name: "JSON（高级）" }).click();
  const json = page.getByLabel("表单 JSON Schema");
  await expect(json).toHaveValue(/"x-enum-labels"/);
  await expect(json).toHaveValue(/"en": "Urgent"/);
  await snap(page, "workflow-forms-02-option-labels");

  // A new condition's operator shows its name before and after a field is chosen.
  await page.getByRole("tab", { name: "流程", exact: true }).click();
  await page.getByRole("button", { name: "在此添加节点" }).first().click();
  await page.getByRole("menuitem", { name: "条件分支" }).click();
  await page.locator(".react-flow__node").getByRole("button", { name: "分支 1" }).click();
  const branch = page.getByRole("dialog", { name: "条件分支" });
  await branch.getByRole("button", { name: "添加条件" }).click();
  const operator = branch
    .getByRole("combobox", { name: "运算符" })
    .locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' ant-select ')][1]");
  await expect(operator.locator(".ant-select-selection-item")).toHaveText("等于");
  await snap(page, "workflow-forms-03-condition");
});
