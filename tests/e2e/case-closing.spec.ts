import { acceptAs, api } from "./api-steps";
import { axeFindings, choose, newCase } from "./fees-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Issue 29's closing (结案): a formal case with an open task is closed through the checklist
 * (the task explained, the summary written) and the closing approval, in Chinese and English;
 * the dialog passes axe (WCAG 2.1 AA), the header shows the closing in approval, and the accepted
 * approval closes the case with its summary.
 */
const stamp = Date.now().toString().slice(-6);

const TEXTS = {
  "zh-CN": {
    // antd spaces a two-character Chinese button label: "结 案".
    close: /^结\s*案$/,
    dialog: "结案",
    taskItem: "未完成的任务",
    open: "1 项未了",
    explanation: "说明：未完成的任务",
    result: "结案方式",
    settlement: "和解",
    amount: "执行/回收金额",
    text: "小结",
    submit: "提交结案审批",
    submitted: "结案申请已提交审批",
    inApproval: "结案审批中",
    closed: "已结案",
    summary: "结案小结",
    approvalHeading: "结案内容",
    approvalExplanation: "说明",
  },
  en: {
    close: /^Close case$/,
    dialog: "Close case",
    taskItem: "Open tasks",
    open: "1 open",
    explanation: "Explanation: Open tasks",
    result: "Result",
    settlement: "Settlement",
    amount: "Amount recovered",
    text: "Summary",
    submit: "Submit for closing approval",
    submitted: "The closing was submitted for approval",
    inApproval: "Closing in approval",
    closed: "Closed",
    summary: "Closing summary",
    approvalHeading: "The closing",
    approvalExplanation: "Explanation",
  },
} as const;

test.describe("closing a case", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "admin", "明德律师事务所");
    await useFirm(request, "partner", "明德律师事务所");
  });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`close a case through the checklist and the approval (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const L = TEXTS[lang];
      const caseId = await newCase(request, `结案测试${lang}${stamp}`);
      await api(request, "lawyer", "post", "/api/tasks", { title: "归档卷宗", caseId });

      await signIn(page, request, "lawyer");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto(`/manage/case/detail/${caseId}`);
      await page.getByRole("button", { name: L.close }).click({ timeout: 60_000 });
      const dialog = page.getByRole("dialog", { name: L.dialog });
      await expect(dialog.getByText(L.taskItem, { exact: true })).toBeVisible();
      await expect(dialog.getByText(L.open)).toBeVisible();

      await dialog.getByLabel(L.explanation).fill("结案后由助理归档");
      await choose(page, dialog.getByLabel(L.result), L.settlement);
      await dialog.getByLabel(L.amount).fill("1234567.5");
      await dialog.getByLabel(L.text, { exact: true }).fill("双方和解，款项已执行到位。");
      await snap(page, `closing-dialog-${lang}`);
      expect(await axeFindings(page, `closing dialog ${lang}`, ".ant-modal")).toEqual([]);
      await dialog.getByRole("button", { name: L.submit }).click();
      await expect(toast(page)).toContainText(L.submitted);

      await page.goto(`/manage/case/detail/${caseId}`);
      await expect(page.getByText(L.inApproval)).toBeVisible({ timeout: 30_000 });
      const { pendingApprovalId } = await api<{ pendingApprovalId: string }>(
        request,
        "lawyer",
        "get",
        `/api/cases/${caseId}/closing-checklist`,
      );

      // The approver's page: the closing and the checklist then and now, above the form.
      await signIn(page, request, "partner");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto(`/manage/case/workflow/close/${pendingApprovalId}`);
      await expect(page.getByRole("heading", { name: L.approvalHeading })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page.getByRole("link", { name: new RegExp(`结案测试${lang}${stamp}`) }),
      ).toHaveAttribute("href", `/manage/case/detail/${caseId}`);
      const closing = page.getByRole("region", { name: L.approvalHeading });
      await expect(closing.getByText("¥1,234,567.50")).toBeVisible();
      const taskRow = closing.getByRole("row").filter({ hasText: L.taskItem });
      await expect(taskRow).toContainText("结案后由助理归档");
      await expect(page.getByRole("columnheader", { name: L.approvalExplanation })).toBeVisible();
      await snap(page, `closing-approval-${lang}`);
      expect(await axeFindings(page, `closing approval ${lang}`)).toEqual([]);

      await acceptAs(request, pendingApprovalId, ["partner", "admin", "partner"]);

      await signIn(page, request, "lawyer");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto(`/manage/case/detail/${caseId}`);
      await expect(page.getByText(L.closed, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(L.summary)).toBeVisible();
      await expect(page.getByText("¥1,234,567.50")).toBeVisible();
      await snap(page, `closing-closed-case-${lang}`);
      expect(await axeFindings(page, `closed case ${lang}`)).toEqual([]);
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    });
  }
});
