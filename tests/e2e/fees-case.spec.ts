import { api } from "./api-steps";
import {
  axeFindings,
  choose,
  firmDay,
  newCase,
  setCaseChanges,
  typeDate,
  withTheme,
} from "./fees-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Issue 28 on a case's Finance tab: the fee agreement and its instalments (one overdue), an
 * expense, the fee-sharing allocation with its 100% check (saved at once, or through the
 * case-change approval), an invoice requested from a bill, and Settings → Fee sharing; in
 * Chinese and English, light and dark.
 */
const stamp = Date.now().toString().slice(-6);

const ZH = {
  finance: "财务",
  editTerms: "编辑约定",
  kind: "收费方式",
  fixed: "固定收费",
  fixedFee: "固定费用",
  addInstalment: "添加分期",
  by: (n: number) => `第 ${n} 期按金额或比例`,
  percent: (n: number) => `第 ${n} 期比例`,
  amount: (n: number) => `第 ${n} 期金额`,
  when: (n: number) => `第 ${n} 期按日期或事件`,
  onDate: "指定日期",
  dueDate: (n: number) => `第 ${n} 期到期日`,
  trigger: (n: number) => `第 ${n} 期触发事件`,
  grace: (n: number) => `第 ${n} 期宽限天数`,
  judgment: "判决时",
  over100: "各期付款比例合计超过 100%",
  save: /保\s*存/,
  overdue10: "逾期 10 天",
  waiting: "待触发",
  dates: "记录事件日期",
  judgmentBox: "判决时（分期使用）",
  due: "待收",
  editAllocation: "调整分配",
  addLawyer: "添加律师",
  lineMember: (n: number) => `第 ${n} 行律师`,
  linePercent: (n: number) => `第 ${n} 行比例`,
  lineRole: (n: number) => `第 ${n} 行角色`,
  coCounsel: "协办律师",
  sumBad: "合计 90.00%，须为 100.00%",
  sumOk: "合计 100.00%",
  saved: "提成分配已保存",
  submitted: "变更已提交案件变更审批",
  openApproval: "查看审批",
};

test.describe("fees on a case", () => {
  test.describe.configure({ mode: "serial" });
  let caseId = "";
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "admin", "明德律师事务所");
    await useFirm(request, "partner", "明德律师事务所");
    await setCaseChanges(request, false);
    caseId = await newCase(request, `收费测试案件${stamp}`);
  });

  test("enter a schedule, see an instalment overdue, add an expense, edit the allocation with its sum check", async ({
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const L = ZH;
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/case/detail/${caseId}?tab=finance`);
    const card = page.locator(".fees-card").filter({ hasText: "收费约定" });
    // The first visit loads the case page's and the fees cards' code.
    await expect(card.getByText("尚未填写收费约定。")).toBeVisible({ timeout: 60_000 });

    // A fixed fee of ¥100,000 in two instalments: 30% ten days ago, the rest after judgment.
    await card.getByRole("button", { name: L.editTerms }).click();
    const dialog = page.getByRole("dialog", { name: "编辑收费约定" });
    await choose(page, dialog.getByLabel(L.kind, { exact: true }), L.fixed);
    await dialog.getByLabel(L.fixedFee).fill("100000");
    await dialog.getByRole("button", { name: L.addInstalment }).click();
    await dialog.getByLabel(L.percent(1)).fill("30");
    await choose(page, dialog.getByLabel(L.when(1)), L.onDate);
    await typeDate(dialog.getByLabel(L.dueDate(1)), firmDay(-10));
    await dialog.getByRole("button", { name: L.addInstalment }).click();
    await dialog.getByLabel(L.percent(2)).fill("80");
    await choose(page, dialog.getByLabel(L.trigger(2)), L.judgment);
    await dialog.getByLabel(L.grace(2)).fill("10");
    // 30% + 80%: refused in the browser with the server's own words, nothing sent.
    await dialog.getByRole("button", { name: L.save }).click();
    await expect(dialog.getByText(L.over100)).toBeVisible();
    await snap(page, "fees-terms-editor-zh-light");
    await dialog.getByLabel(L.percent(2)).fill("70");
    await dialog.getByRole("button", { name: L.save }).click();
    await expect(dialog).toBeHidden();
    const first = card.getByRole("row").filter({ hasText: "¥30,000.00" });
    await expect(first.getByText(L.overdue10)).toBeVisible();
    const second = card.getByRole("row").filter({ hasText: "¥70,000.00" });
    await expect(second.getByText(L.waiting)).toBeVisible();

    // The judgment came three days ago: the second instalment is due within ten days of it.
    await card.getByRole("button", { name: L.dates }).click();
    const dates = page.getByRole("dialog", { name: L.dates });
    await typeDate(dates.getByLabel(L.judgmentBox), firmDay(-3));
    await dates.getByRole("button", { name: L.save }).click();
    await expect(dates).toBeHidden();
    await expect(second.getByText(L.due, { exact: true })).toBeVisible();
    await expect(second).toContainText(firmDay(7));

    // An expense the firm advanced, through the schema form.
    await page.getByRole("tab", { name: "代垫费用" }).click();
    await page.getByRole("button", { name: "添加代垫费用" }).click();
    const expense = page.getByRole("dialog", { name: "代垫费用" });
    await typeDate(expense.locator("#root_spentOn"), firmDay(-1));
    await choose(page, expense.locator("#root_category"), /差旅|交通/);
    await expense.locator("#root_amount").fill("1500");
    await expense.locator("#root_description").fill(`出差立案${stamp}`);
    await expense.getByRole("button", { name: L.save }).click();
    await expect(expense).toBeHidden();
    const expenseRow = page.getByRole("row").filter({ hasText: `出差立案${stamp}` });
    await expect(expenseRow).toContainText("¥1,500.00");

    // The allocation: 60 + 30 is not 100, so it is not sent; 60 + 40 is saved at once.
    const sharing = page.locator(".fees-card").filter({ hasText: "提成分配" });
    await sharing.getByRole("button", { name: L.editAllocation }).click();
    const allocation = page.getByRole("dialog", { name: "调整提成分配" });
    await allocation.getByRole("button", { name: L.addLawyer }).click();
    await choose(page, allocation.getByLabel(L.lineMember(1)), "张伟");
    await allocation.getByLabel(L.linePercent(1)).fill("60");
    await allocation.getByRole("button", { name: L.addLawyer }).click();
    await choose(page, allocation.getByLabel(L.lineMember(2)), "李明");
    await allocation.getByLabel(L.linePercent(2)).fill("30");
    await expect(allocation.getByRole("status")).toHaveText(L.sumBad);
    await allocation.getByRole("button", { name: L.save }).click();
    await expect(allocation).toBeVisible();
    await snap(page, "fees-allocation-dialog-zh-light");
    await allocation.getByLabel(L.linePercent(2)).fill("40");
    await expect(allocation.getByRole("status")).toHaveText(L.sumOk);
    await allocation.getByRole("button", { name: L.save }).click();
    await expect(toast(page)).toContainText(L.saved);
    const entered = sharing.getByRole("table", { name: "约定的分配" });
    await expect(entered.getByRole("row").filter({ hasText: "李明" })).toContainText("40.00%");
    await snap(page, "fees-finance-tab-zh-light");
    expect(
      await axeFindings(page, "finance tab, light", ".fees-card"),
      "WCAG 2.1 AA findings",
    ).toEqual([]);

    // The case form shows the same allocation in its own field.
    await page.goto(`/manage/case/edit/${caseId}`);
    const field = page.getByRole("group", { name: "提成分配" });
    await expect(field.getByLabel(L.linePercent(2))).toHaveValue("40.00", { timeout: 30_000 });
    await snap(page, "fees-case-form-allocation-zh-light");
  });

  test("request an invoice from a bill and open its approval", async ({ page, request }) => {
    test.setTimeout(300_000);
    const bill = await api<{ id: string; version: number }>(
      request,
      "lawyer",
      "post",
      "/api/case-bills",
      { caseId, fixedAmount: "30000" },
    );
    await api(request, "lawyer", "post", `/api/case-bills/${bill.id}/issue`, {
      version: bill.version,
    });
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/case/detail/${caseId}?tab=finance`);
    await page.getByRole("tab", { name: "账单" }).click();
    // The expense the firm advanced went onto this bill: ¥30,000 fixed + ¥1,500.
    const row = page.getByRole("row").filter({ hasText: "¥31,500.00" });
    await row.getByRole("button", { name: "申请开票" }).click();
    const dialog = page.getByRole("dialog", { name: "开票申请" });
    // The buyer comes from the client; the amount from the bill.
    await expect(dialog.getByLabel("购买方名称（抬头）")).not.toHaveValue("");
    await expect(dialog.getByLabel("开票金额（价税合计）")).toHaveValue("31500.00");
    await choose(page, dialog.getByLabel("税率"), "6%");
    await expect(dialog.getByText(/其中税额 ¥1,783\.02/)).toBeVisible();
    await snap(page, "fees-request-invoice-zh-light");
    await dialog.getByRole("button", { name: "提交审批" }).click();
    await expect(dialog.getByText("开票申请已提交审批")).toBeVisible();
    await dialog.getByRole("button", { name: "查看审批" }).click();
    await expect(page).toHaveURL(/\/manage\/(invoice\/workflow|workflow\/detail)\/[0-9a-f-]{36}/);
    await page.goto(`/manage/case/detail/${caseId}?tab=finance`);
    const invoicing = page.locator(".fees-card").filter({ hasText: "开票与收款" });
    await expect(invoicing.getByRole("row").filter({ hasText: "审批中" })).toHaveCount(1, {
      timeout: 30_000,
    });
    await snap(page, "fees-invoicing-zh-light");
  });

  test("in English: an overdue instalment, and an allocation change that goes to the case-change approval", async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    await setCaseChanges(request, true);
    try {
      await signIn(page, request, "lawyer");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto(`/manage/case/detail/${caseId}?tab=finance`);
      const card = page.locator(".fees-card").filter({ hasText: "Fee agreement" });
      await card.getByRole("button", { name: "Edit agreement" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit the fee agreement" });
      // A third instalment of a fixed amount, due five days ago.
      await dialog.getByRole("button", { name: "Add instalment" }).click();
      await choose(page, dialog.getByLabel("Instalment 3 by amount or percentage"), "Amount");
      await dialog.getByLabel("Amount of instalment 3").fill("5000");
      await choose(page, dialog.getByLabel("Instalment 3 due by date or event"), "On date");
      await typeDate(dialog.getByLabel("Due date of instalment 3"), firmDay(-5));
      await dialog.getByRole("button", { name: "Save" }).click();
      // ¥105,000 scheduled against a ¥100,000 fee: refused, with both figures.
      await expect(
        dialog.getByText(
          "The instalments total ¥105,000.00, more than the agreed fee of ¥100,000.00",
        ),
      ).toBeVisible();
      await snap(page, "fees-terms-editor-en-light");
      await dialog.getByLabel("Percentage of instalment 2").fill("65");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(
        card.getByRole("row").filter({ hasText: "¥5,000.00" }).getByText("Overdue 5 days"),
      ).toBeVisible();

      const sharing = page.locator(".fees-card").filter({ hasText: "Fee sharing" });
      await sharing.getByRole("button", { name: "Change allocation" }).click();
      const allocation = page.getByRole("dialog", { name: "Change the fee-sharing allocation" });
      await allocation.getByLabel("Share of line 1").fill("50");
      await expect(allocation.getByRole("status")).toHaveText("Total 90.00%: must be 100.00%");
      await allocation.getByLabel("Share of line 2").fill("50");
      await expect(allocation.getByRole("status")).toHaveText("Total 100.00%");
      await allocation.getByRole("button", { name: "Save" }).click();
      await expect(toast(page)).toContainText("The change went to the case-change approval");
      await expect(sharing.getByText("A change to the allocation is waiting")).toBeVisible();
      await snap(page, "fees-finance-tab-en-light");
      await sharing.getByRole("link", { name: "Open the approval" }).click();
      await expect(page).toHaveURL(/\/manage\/case\/workflow\/change\/[0-9a-f-]{36}/);
    } finally {
      await setCaseChanges(request, false);
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    }
  });

  test("Settings → Fee sharing: the management fee and the rules as data, in both languages", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const before = await api<Record<string, unknown>>(
      request,
      "admin",
      "get",
      "/api/fees/settings",
    );
    try {
      await signIn(page, request, "admin");
      await page.goto("/manage/settings/fees");
      await expect(page.getByRole("heading", { name: "提成设置" })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByLabel("管理费比例").fill("12.5");
      await page.getByLabel("案源提成比例").fill("101");
      await page.getByRole("button", { name: /保\s*存/ }).click();
      await expect(page.getByText("提成规则不完整或无效")).toBeVisible();
      await page.getByLabel("案源提成比例").fill("30");
      await page.getByRole("button", { name: "下移规则 1" }).click();
      await expect(page.getByLabel("案源提成比例")).toHaveId("fee-rule-1-percent");
      await page.getByRole("button", { name: /保\s*存/ }).click();
      await expect(toast(page)).toContainText("提成设置已保存");
      const saved = await api<{ managementFeePercent: string; rules: { kind: string }[] }>(
        request,
        "admin",
        "get",
        "/api/fees/settings",
      );
      expect(saved.managementFeePercent).toBe("12.50");
      expect(saved.rules.map((r) => r.kind)).toEqual(["repeatDecay", "originatorShare"]);
      await snap(page, "fees-settings-zh-light");
      expect(await axeFindings(page, "settings, light"), "WCAG 2.1 AA findings").toEqual([]);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.reload();
      await expect(page.getByRole("heading", { name: "Fee sharing" })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByLabel("Management fee", { exact: true })).toHaveValue("12.50");
      await snap(page, "fees-settings-en-light");
    } finally {
      await api(request, "admin", "put", "/api/fees/settings", before);
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    }
  });

  test("the new screens in the dark theme, in both languages, pass WCAG 2.1 AA", async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const findings: string[] = [];
    await signIn(page, request, "admin");
    for (const lang of ["zh-CN", "en"] as const) {
      const isZh = lang === "zh-CN";
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto(`/manage/case/detail/${caseId}?tab=finance`);
      await withTheme(page, "dark");
      await expect(page.locator(".fees-card").first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator(".fees-card .ant-skeleton")).toHaveCount(0, { timeout: 30_000 });
      await snap(page, `fees-finance-tab-${lang}-dark`);
      findings.push(...(await axeFindings(page, `finance tab ${lang}`, ".fees-card")));
      await page.getByRole("button", { name: isZh ? "编辑约定" : "Edit agreement" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await snap(page, `fees-terms-editor-${lang}-dark`);
      findings.push(...(await axeFindings(page, `terms editor ${lang}`, ".ant-modal")));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      const invoicing = page.locator(".fees-card").filter({
        hasText: isZh ? "开票与收款" : "Invoiced and received",
      });
      await invoicing.getByRole("button", { name: isZh ? "申请开票" : "Request invoice" }).click();
      await expect(
        page.getByRole("dialog").getByLabel(isZh ? "购买方名称（抬头）" : "Buyer (invoice title)"),
      ).not.toHaveValue("", { timeout: 30_000 });
      await snap(page, `fees-request-invoice-${lang}-dark`);
      findings.push(...(await axeFindings(page, `invoice request ${lang}`, ".ant-modal")));
      await page.keyboard.press("Escape");
      await page.goto("/manage/settings/fees");
      await expect(
        page.getByRole("heading", { name: isZh ? "提成设置" : "Fee sharing" }),
      ).toBeVisible({ timeout: 30_000 });
      await snap(page, `fees-settings-${lang}-dark`);
      findings.push(...(await axeFindings(page, `settings ${lang}`)));
      await page.goto(`/manage/case/edit/${caseId}`);
      await expect(
        page.getByRole("group", { name: isZh ? "提成分配" : "Fee sharing" }),
      ).toBeVisible({ timeout: 30_000 });
      await snap(page, `fees-case-form-allocation-${lang}-dark`);
      findings.push(...(await axeFindings(page, `case form ${lang}`, ".fees-field")));
    }
    await withTheme(page, "light");
    await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    expect(findings, "WCAG 2.1 AA findings").toEqual([]);
  });
});
