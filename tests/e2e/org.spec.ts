import { type Locator, type Page } from "@playwright/test";

import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

const SAVE = /保\s?存/;

/** Opens an antd Select (by its accessible name) and picks the option with this label. */
const choose = async (
  page: Page,
  name: string | RegExp,
  option: string,
  scope: Locator | Page = page,
) => {
  // antd opens on a press on the selector box around the (transparent) combobox input.
  await scope
    .getByRole("combobox", { name })
    .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
    .click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
};

test.describe("organization", () => {
  test("admin creates a department, a limited role and a member who then sees only the allowed menu", async ({
    page,
    request,
    browser,
  }) => {
    await signIn(page, request, "admin");

    await page.goto("/manage/settings/departments");
    await expect(page.getByRole("heading", { name: "部门管理" })).toBeVisible();
    await page.getByRole("button", { name: "添加部门" }).click();
    await page.getByLabel("部门名称").fill("知识产权部");
    await page.getByRole("button", { name: SAVE }).click();
    await expect(page.getByRole("tree").getByText("知识产权部 (0)")).toBeVisible();
    await snap(page, "org-01-departments");

    await page.goto("/manage/settings/roles");
    await page.getByRole("button", { name: "新建角色" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("角色名称").fill("知识产权助理");
    await dialog.getByLabel("编码").fill("ip-assistant");
    await dialog.getByRole("button", { name: SAVE }).click();
    const row = page.getByRole("row", { name: /知识产权助理/ });
    await expect(row).toBeVisible();
    await snap(page, "org-02-roles");
    await row.getByRole("link", { name: /权限/ }).click();
    await expect(page.getByRole("heading", { name: "权限设置：知识产权助理" })).toBeVisible();
    await choose(page, "部门 查看", "全部");
    await snap(page, "org-03-permission-editor");
    await page.getByRole("button", { name: SAVE }).click();
    await expect(page.getByText("权限已保存")).toBeVisible();

    await page.goto("/manage/settings/members");
    await page.getByRole("button", { name: "添加成员" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByLabel("账号", { exact: true }).fill("ipuser");
    await drawer.getByLabel("姓名").fill("林知");
    await drawer.getByLabel("电话").fill("138 abc");
    await drawer.getByLabel("密码").fill("demo1234");
    await drawer.getByRole("button", { name: SAVE }).click();
    await expect(drawer.getByText("电话 只能包含数字、+、- 和括号")).toBeVisible();
    await drawer.getByLabel("电话").fill("010-8888(1234)");
    await drawer.getByRole("combobox", { name: "部门" }).click({ force: true });
    await page.locator(".ant-select-dropdown:visible").getByTitle("知识产权部").click();
    // Closes the tree dropdown (Escape would close the whole drawer).
    await drawer.getByLabel("姓名").click();
    await choose(page, "角色", "知识产权助理", drawer);
    await snap(page, "org-04-member-form");
    await drawer.getByRole("button", { name: SAVE }).click();
    await expect(page.getByRole("row", { name: /林知/ })).toBeVisible();
    await snap(page, "org-05-members");

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, context.request, "ipuser");
    const nav = other.getByRole("navigation");
    // Members land on "My next 14 days"; the Settings group opens on a click.
    await nav.getByRole("menuitem", { name: /设置/ }).first().click();
    await expect(nav.getByRole("link", { name: "部门" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "个人资料" })).toBeVisible();
    for (const hidden of ["成员", "角色权限", "数据字典", "审计日志"]) {
      await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
    }
    await snap(other, "org-06-limited-menu");
    await other.goto("/manage/settings/members");
    await expect(other).toHaveURL(/\/manage\/not-authorized$/);
    await context.close();
  });

  test("picks people through the member picker and keeps them in a group", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/settings/member-groups");
    await expect(page.getByRole("row", { name: /合伙人会议/ })).toBeVisible();
    await page.getByRole("button", { name: "新建分组" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByLabel("分组名称").fill("投标小组");
    await drawer.getByRole("button", { name: "选择人员" }).click();

    const picker = page.getByRole("dialog", { name: "选择人员" });
    await picker.getByPlaceholder("按姓名或拼音首字母搜索").fill("wjg");
    await picker.getByRole("checkbox", { name: "王建国" }).check();
    await picker.getByPlaceholder("按姓名或拼音首字母搜索").fill("");
    await picker.getByRole("tree").getByText("民商事组").click();
    await expect(picker.getByRole("checkbox", { name: "王建国" })).toHaveCount(0);
    await picker.getByRole("checkbox", { name: "张伟" }).check();
    await expect(picker.getByText("已选（2）")).toBeVisible();
    await snap(page, "org-07-member-picker");
    await picker.getByRole("button", { name: "确定（2）" }).click();

    await expect(drawer.getByText("王建国")).toBeVisible();
    await expect(drawer.getByText("张伟")).toBeVisible();
    await drawer.getByRole("button", { name: SAVE }).click();
    const row = page.getByRole("row", { name: /投标小组/ });
    await expect(row.getByText("王建国")).toBeVisible();
    await expect(row.getByText("张伟")).toBeVisible();
    await snap(page, "org-08-member-groups");
  });

  test("shows the dictionaries with their items", async ({ page, request }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/settings/dictionaries");
    await expect(page.getByRole("heading", { name: "案件类型" })).toBeVisible();
    await expect(page.getByRole("row", { name: /民事诉讼/ })).toBeVisible();
    await page.getByText("民族").click();
    await expect(page.getByRole("row", { name: /汉族/ })).toBeVisible();
    await snap(page, "org-09-dictionaries");
  });
});
