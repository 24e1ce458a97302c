import { type Locator, type Page } from "@playwright/test";

import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/** Opens an antd Select (by its accessible name) and picks the option with this label. */
const choose = async (
  page: Page,
  name: string | RegExp,
  option: string,
  scope: Locator | Page = page,
) => {
  const combobox = scope.getByRole("combobox", { name });
  const item = page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true });
  // A click that lands while the previous dropdown is still closing can leave this one shut: retry.
  await expect(async () => {
    if (!(await item.isVisible()))
      await combobox
        .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
        .click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
};

/** The designer's nodes: cards inside the canvas (React Flow wraps each in its own element too). */
const canvas = (page: Page) => page.locator(".react-flow__node");

const FLOW = `E2E 两级审批 ${Date.now()}`;

/** Opens a pending approval by its title and accepts it with a comment. */
const acceptFromCenter = async (page: Page, title: string, who: string) => {
  await page.goto("/manage/workflow/center/pending");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("toolbar", { name: "审批操作" })).toBeVisible();
  await snap(page, `workflow-03-detail-${who}`);
  await page
    .getByRole("toolbar", { name: "审批操作" })
    .getByRole("button", { name: /^同\s*意$/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "同意" });
  await dialog.getByLabel("审批意见").fill(`${who} 同意`);
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
};

test.describe("workflow", () => {
  test("designs and publishes a two-level flow with an exclusive gateway, starts it and approves it as two people", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // Design: the first node goes to the initiator's manager; a condition branch adds the director.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    await page.getByRole("button", { name: "新建流程" }).first().click();
    const create = page.getByRole("dialog", { name: "新建流程" });
    await create.getByLabel("流程名称").fill(FLOW);
    await create.getByRole("button", { name: /新\s*建/ }).click();
    await expect(page).toHaveURL(/\/workflow\/definitions\/.+\/design/);
    await expect(page.locator(".react-flow__minimap")).toBeVisible();

    // Publishing an unconfigured flow is refused, pointing at the node.
    await page.getByRole("button", { name: "发 布" }).click();
    await expect(page.getByText("请设置审批人").first()).toBeVisible();
    await snap(page, "workflow-01-designer-errors");

    await canvas(page).getByRole("button", { name: "审批人", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "审批人" });
    await choose(page, "审批人类型", "发起人的部门主管", drawer);
    await drawer.getByRole("button", { name: "关闭" }).click();

    // An exclusive gateway after it: "大额" in the title goes to the director as well.
    await page.getByRole("button", { name: "在此添加节点" }).nth(1).click();
    await page.getByRole("menuitem", { name: "条件分支" }).click();
    await canvas(page).getByRole("button", { name: "分支 1" }).click();
    const branch = page.getByRole("dialog", { name: "条件分支" });
    await branch.getByRole("button", { name: "添加条件" }).click();
    await choose(page, "条件字段", "标题", branch);
    await choose(page, "运算符", "包含", branch);
    await branch.getByLabel("条件值").fill("大额");
    await branch.getByRole("button", { name: "关闭" }).click();
    // The "+" inside branch 1 (start→node, node→gateway, then the branches' own edges).
    await page.getByRole("button", { name: "在此添加节点" }).nth(2).click();
    await page.getByRole("menuitem", { name: "审批人" }).click();
    const second = page.getByRole("dialog", { name: "审批人" });
    await second.getByLabel("节点名称").fill("主任审批");
    await choose(page, "审批人类型", "角色", second);
    await choose(page, "角色", "管理员", second);
    await second.getByRole("button", { name: "关闭" }).click();
    await snap(page, "workflow-02-designer");
    await page.getByRole("button", { name: "发 布" }).click();
    await expect(page.getByText("已发布为 v1")).toBeVisible();

    // Start: the lawyer fills the form and sees who will approve before submitting.
    await signIn(page, request, "lawyer");
    await page.goto("/manage/workflow/add");
    await page.getByRole("button", { name: new RegExp(FLOW) }).click();
    await page.getByLabel(/标题/).fill("大额采购申请");
    const preview = page.getByLabel("审批流程预览");
    await expect(preview.getByText("主任审批")).toBeVisible();
    await expect(preview.getByText("李明")).toBeVisible();
    await snap(page, "workflow-04-start");
    await page.getByRole("button", { name: "提 交" }).click();
    await expect(page.getByText("审批中").first()).toBeVisible();

    // The partner approves, is taken to the next pending approval (the seeded leave request).
    await useFirm(request, "partner", "明德律师事务所");
    await signIn(page, request, "partner");
    await acceptFromCenter(page, "大额采购申请", "partner");
    // Which one comes next depends on what other specs left pending (the seeded leave request,
    // expense claims...): any other approval waiting on the partner, opened with its actions.
    await expect(page.getByRole("heading", { name: /大额采购申请/ })).toBeHidden();
    await expect(page).toHaveURL(/\/manage\/(workflow\/detail|[a-z-]+\/workflow)\/[0-9a-f-]{36}/);
    await expect(page.getByRole("toolbar", { name: "审批操作" })).toBeVisible();
    await snap(page, "workflow-05-next-pending");

    // The director approves the last step: nothing left, a congratulation, then Handled.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/center/pending");
    await snap(page, "workflow-06-center");
    await acceptFromCenter(page, "大额采购申请", "admin");
    await expect(page.getByText("太棒了，待办已全部处理完！")).toBeVisible();
    await snap(page, "workflow-07-all-done");
    await expect(page).toHaveURL(/\/workflow\/center\/handled/, { timeout: 10_000 });
    await expect(page.getByRole("link", { name: "大额采购申请" })).toBeVisible();
    await snap(page, "workflow-08-handled");
  });
});
