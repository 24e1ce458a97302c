import type { Page } from "@playwright/test";

import { acceptAs, api, pick } from "./api-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

const stamp = Date.now().toString().slice(-6);

const typeDate = async (page: Page, id: string, value: string) => {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press("Enter");
};

const toast = (page: Page) => page.getByTestId("app-toast");

test.describe("cases", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
    await useFirm(request, "admin", "明德律师事务所");
  });

  test("start a pre-filing case through approval, accept it in the approval centre, find it, open it, extend it, record time and a payment, issue a bill", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const name = `预立案借款纠纷${stamp}`;
    await signIn(page, request, "lawyer");
    await page.goto("/manage/case/list");
    await page.getByRole("button", { name: "新建案件" }).click();
    const chooser = page.getByRole("dialog", { name: "新建案件" });
    await expect(chooser.getByRole("listitem", { name: "民事诉讼" })).toBeVisible();
    await snap(page, "cases-01-start-chooser");
    await chooser.getByRole("button", { name: "民事诉讼 · 预立案" }).click();
    await expect(page).toHaveURL(
      /\/manage\/case\/add\/[0-9a-f-]{36}\/civil-litigation\?filing=pre-filing/,
    );
    await expect(page.getByText("民事诉讼 · 预立案")).toBeVisible();

    await page.locator("#root_name").fill(name);
    // The client picker asks the server for what is typed (a firm has more clients than one page).
    await page.locator("#root_accountId").fill("华信控股");
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: "华信控股集团有限公司" })
      .first()
      .click();
    await pick(page, "root_stage", "一审");
    await page.locator("#root_amount").fill("120000.50");
    await pick(page, "root_feeType", "固定收费");
    await page.locator("#root_feeFixed").fill("30000");
    // Two parties with the same name and conflict role: refused with the message.
    for (const i of [0, 1]) {
      await page.getByRole("button", { name: "添加" }).last().click();
      await page.locator(`#root_parties_${i}_name`).fill("陈某");
      await pick(page, `root_parties_${i}_partyType`, "自然人");
      await pick(page, `root_parties_${i}_conflictRole`, "其他当事人");
    }
    await page.getByRole("button", { name: "提交审批" }).click();
    await expect(page.getByText("关联方类型重复").first()).toBeVisible();
    await pick(page, "root_parties_1_conflictRole", /^委托人$/);
    // The conflict check on the client and parties, saved with the case.
    await page.getByRole("button", { name: "进行利冲检索" }).click();
    const check = page.getByRole("dialog", { name: /^利冲检索：/ });
    await expect(check.getByRole("region", { name: "检索结果" })).toBeVisible();
    await check.getByRole("button", { name: "保存报告" }).click();
    await expect(check).toBeHidden();
    await expect(page.getByText(/已附利冲报告（命中 \d+ 条）/)).toBeVisible();
    await snap(page, "cases-02-form");
    await page.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/case\/workflow\/[0-9a-f-]{36}$/);
    const instanceId = page.url().split("/").pop()!;
    await expect(page.getByRole("heading", { name: "申请的案件" })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await snap(page, "cases-03-approval");

    // The partner accepts in the approval centre; the admin's step goes by the API.
    await signIn(page, request, "partner");
    await page.goto("/manage/workflow/center/pending");
    await page.getByRole("link", { name: `立案审批：${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/case/workflow/${instanceId}`));
    const toolbar = page.getByRole("toolbar", { name: "审批操作" });
    await toolbar.getByRole("button", { name: /^同\s*意$/ }).click();
    const dialog = page.getByRole("dialog", { name: "同意" });
    await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await acceptAs(request, instanceId, ["admin"]);

    // The lawyer finds it in the list and opens it.
    await signIn(page, request, "lawyer");
    await page.goto("/manage/case/list");
    await page.getByRole("textbox", { name: "案件名称" }).fill(name);
    // The amount in dispute as a from–to range (120000.50 lies inside).
    await page.getByRole("button", { name: /^down 展\s*开$/ }).click();
    await page.getByLabel("标的额起").fill("120000");
    await page.getByLabel("标的额止").fill("120001");
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const found = page.getByRole("row").filter({ hasText: name });
    await expect(found).toHaveCount(1);
    await expect(page.getByText("共 1 条")).toBeVisible();
    await found.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/manage\/case\/detail\/[0-9a-f-]{36}/);
    const caseId = page.url().split("/").pop()!.split("?")[0];
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.locator(".ant-tag").filter({ hasText: "预立案" }).first()).toBeVisible();
    await expect(page.getByText(/有效期至 \d{4}-\d{2}-\d{2}（剩余 \d+ 天）/)).toBeVisible();
    await expect(page.getByRole("cell", { name: "陈某" }).first()).toBeVisible();
    await snap(page, "cases-04-detail-light");
    // The report saved on the form belongs to the case now, and opens from it.
    await page.getByRole("tab", { name: "利冲检索" }).click();
    const reports = page.getByRole("row").filter({ hasText: "陈某" });
    await expect(reports).toHaveCount(1);
    await reports.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/manage\/conflict-interest\?report=/);
    await expect(page.getByText(/保存的报告（只读）/).first()).toBeVisible();
    await page.goto(`/manage/case/detail/${caseId}`);

    // Extend: the confirmation names the new validity date.
    await page.getByRole("button", { name: /延\s*期/ }).click();
    const extend = page.getByRole("dialog", { name: "延期" });
    await extend.getByLabel("延期天数").fill("10");
    await expect(extend.getByRole("status")).toContainText(/新的有效期至：\d{4}-\d{2}-\d{2}/);
    const newDate = (await extend.getByRole("status").innerText()).slice(-10);
    await extend.getByRole("button", { name: "确认延期" }).click();
    await expect(toast(page)).toContainText("有效期已延长");
    await expect(page.getByText(`有效期至 ${newDate}`)).toBeVisible();

    // Finance: time, a payment, a bill issued.
    await page.getByRole("tab", { name: "财务" }).click();
    await page.getByRole("button", { name: "添加工时" }).click();
    const time = page.getByRole("dialog", { name: "工时" });
    await pick(page, "root_userId", "张伟");
    await typeDate(page, "root_workDate", new Date().toISOString().slice(0, 10));
    await time.locator("#root_minutes").fill("90");
    await time.locator("#root_description").fill("起草起诉状");
    await time.locator("#root_billable").check();
    await time.getByRole("button", { name: /保\s*存/ }).click();
    await expect(time).toBeHidden();
    await expect(page.getByRole("cell", { name: "起草起诉状" })).toBeVisible();

    await page.getByRole("tab", { name: "收款" }).click();
    await page.getByRole("button", { name: "添加收款" }).click();
    const payment = page.getByRole("dialog", { name: "收款" });
    await typeDate(page, "root_paidOn", new Date().toISOString().slice(0, 10));
    await payment.locator("#root_amount").fill("5000.00");
    await payment.getByRole("button", { name: /保\s*存/ }).click();
    await expect(payment).toBeHidden();
    await expect(page.getByRole("cell", { name: "¥5,000.00" }).first()).toBeVisible();

    await page.getByRole("tab", { name: "账单" }).click();
    await page.getByRole("button", { name: "新建账单" }).click();
    const bill = page.getByRole("dialog", { name: "新建账单" });
    await bill.getByLabel("固定费用").fill("30000");
    await bill.getByRole("button", { name: "生成账单" }).click();
    await expect(bill).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "草稿" });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "开具" }).click();
    await expect(page.getByRole("row").filter({ hasText: "已开具" })).toHaveCount(1);
    await snap(page, "cases-05-finance");
    // The summary adds up on the server: 30000 fixed + 1.5 h of the lawyer's time billed, 5000 paid.
    await expect(page.locator(".case-finance-summary")).toContainText("¥5,000.00");

    await page.goto(`/manage/case/detail/${caseId}?tab=info`);
    await page
      .context()
      .addCookies([{ name: "law-manage-theme", value: "dark", domain: "127.0.0.1", path: "/" }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.locator(".schema-value-loading")).toHaveCount(0);
    await snap(page, "cases-06-detail-dark");
    await page
      .context()
      .addCookies([{ name: "law-manage-theme", value: "light", domain: "127.0.0.1", path: "/" }]);
  });

  test("a change to a formal case waits for the case-change approval, then applies", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const settings = await api<{ accountChanges: boolean; caseChanges: boolean }>(
      request,
      "admin",
      "get",
      "/api/workflow/business-settings",
    );
    await api(request, "admin", "put", "/api/workflow/business-settings", {
      ...settings,
      caseChanges: true,
    });
    try {
      const clients = await api<{ id: string }[]>(
        request,
        "lawyer",
        "get",
        "/api/accounts?_start=0&_end=1&_sort=name&_order=asc",
      );
      const me = await api<{ id: string }>(
        request,
        "lawyer",
        "get",
        "/api/user-service/user/get-login-user-info",
      );
      const values = {
        name: `变更测试案件${stamp}`,
        accountId: clients[0].id,
        caseType: "civil-litigation",
        filingType: "formal",
        leadLawyerId: me.id,
        parties: [],
      };
      const { instanceId } = await api<{ instanceId: string }>(
        request,
        "lawyer",
        "post",
        "/api/case-submissions",
        { values },
      );
      await acceptAs(request, instanceId, ["partner", "admin"]);
      const { caseId } = await api<{ caseId: string }>(
        request,
        "lawyer",
        "get",
        `/api/case-submissions/${instanceId}`,
      );

      await signIn(page, request, "lawyer");
      await page.goto(`/manage/case/detail/${caseId}`);
      await page.getByRole("button", { name: /编\s*辑/ }).click();
      await expect(page.getByText("本所的案件变更需要审批")).toBeVisible();
      await page.locator("#root_name").fill(`变更后案件${stamp}`);
      await page.getByRole("button", { name: /保\s*存/ }).click();
      await expect(toast(page)).toContainText("变更已提交审批");
      await expect(page).toHaveURL(new RegExp(`/manage/case/detail/${caseId}`));
      // Still the old name, with the change shown old → new.
      await expect(page.getByRole("heading", { name: `变更测试案件${stamp}` })).toBeVisible();
      await expect(page.getByText("变更待审批").first()).toBeVisible();
      await expect(page.getByText(`变更后案件${stamp}`)).toBeVisible();
      await snap(page, "cases-07-change-pending");
      await page.getByRole("button", { name: "查看审批" }).click();
      await expect(page).toHaveURL(/\/manage\/case\/workflow\/change\/[0-9a-f-]{36}/);
      const changeId = page.url().split("/").pop()!;
      await snap(page, "cases-08-change-approval");

      const detail = await api<{ myTasks: unknown[]; status: string }>(
        request,
        "partner",
        "get",
        `/api/workflow/instances/${changeId}`,
      );
      expect(detail.status).toBe("running");
      await acceptAs(request, changeId, ["partner", "admin"]);
      await page.goto(`/manage/case/detail/${caseId}`);
      await expect(page.getByRole("heading", { name: `变更后案件${stamp}` })).toBeVisible();
      await expect(page.getByText("变更待审批")).toHaveCount(0);
    } finally {
      await api(request, "admin", "put", "/api/workflow/business-settings", settings);
    }
  });
});
