import { acceptAs, api } from "./api-steps";
import { axeFindings, firmDay, newCase, typeDate } from "./fees-steps";
import { uploadTo, useLanguage, volumes } from "./archive-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Issue 29's archive screens, in Chinese and English: the archivist opens the demo's archived
 * volume from the list and sees its merged PDF; a case closed through the API gets a volume that
 * the archivist submits and the approval archives; the lawyer borrows it from the catalogue and,
 * once the loan is approved, sees it active under Loans. Every screen passes axe (WCAG 2.1 AA).
 */
const stamp = Date.now().toString().slice(-6);

const TEXTS = {
  "zh-CN": {
    pdf: "打开合成 PDF",
    submit: "提交归档",
    submitted: "审批中",
    archived: "已归档",
    search: "搜索档案号或案件",
    borrow: "借阅",
    purpose: "借阅用途",
    until: "归还日期",
    ask: "申请借阅",
    asked: "借阅申请已提交审批",
    approval: "查看审批",
    active: "借阅中",
    caseLine: "归档卷宗：",
    opensOf: (n: number, no: string) => `${n} 次查阅 ${no}`,
    opensTitle: (no: string) => `${no} 的查阅记录`,
    giveBack: /^归\s*还$/,
    returned: "已归还",
  },
  en: {
    pdf: "Open the merged PDF",
    submit: "Submit for archiving",
    submitted: "In approval",
    archived: "Archived",
    search: "Search archive number or case",
    borrow: "Borrow",
    purpose: "Purpose",
    until: "Until",
    ask: "Ask to borrow",
    asked: "Your request to borrow was submitted for approval",
    approval: "View the approval",
    active: "On loan",
    caseLine: "Archive volume: ",
    opensOf: (n: number, no: string) => `${n} opens of ${no}`,
    opensTitle: (no: string) => `Opens of ${no}`,
    giveBack: /^Return$/,
    returned: "The volume was returned",
  },
} as const;

test.describe("archive screens", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    for (const who of ["admin", "partner", "lawyer"]) await useFirm(request, who, "明德律师事务所");
  });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`volumes, archiving and lending (${lang})`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const L = TEXTS[lang];

      // The demo's archived volume, its merged PDF made by the job (every 10 s here).
      const [seeded] = await volumes(request, "status=archived");
      expect(seeded?.volumeNo).toBeTruthy();
      await expect
        .poll(async () => (await volumes(request, "status=archived"))[0].mergeStatus, {
          timeout: 90_000,
        })
        .toBe("done");
      await signIn(page, request, "admin");
      await useLanguage(page, lang);
      await page.goto("/manage/archive/volumes");
      const link = page.getByRole("link", { name: seeded.volumeNo!, exact: true });
      await expect(link).toHaveAttribute("href", `/manage/archive/volumes/${seeded.id}`);
      await snap(page, `archive-volumes-${lang}`);
      expect(await axeFindings(page, `volumes ${lang}`)).toEqual([]);
      await link.click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(seeded.volumeNo!);
      // The PDF opens in a new tab by a ticket link the browser loads itself (no blob in memory).
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.getByRole("button", { name: L.pdf }).click(),
      ]);
      await expect
        .poll(() => tab.url())
        .toMatch(/\/api\/archive-volumes\/[0-9a-f-]+\/merged-pdf\/download\?ticket=/);
      await tab.close();
      await snap(page, `archive-volume-archived-${lang}`);
      expect(await axeFindings(page, `archived volume ${lang}`)).toEqual([]);

      // A case closed through its approval: its volume is opened, submitted and archived.
      const caseName = `归档测试${lang}${stamp}`;
      const caseId = await newCase(request, caseName);
      const { folderId } = await api<{ folderId: string }>(
        request,
        "lawyer",
        "get",
        `/api/cases/${caseId}`,
      );
      await uploadTo(request, folderId, `代理词${lang}${stamp}.pdf`);
      const closing = await api<{ instanceId: string }>(
        request,
        "lawyer",
        "post",
        `/api/cases/${caseId}/closing-submissions`,
        { summary: { result: "judgment", text: "胜诉结案" } },
      );
      await acceptAs(request, closing.instanceId, ["partner", "admin", "partner"]);
      const [draft] = await volumes(request, `caseId=${caseId}`);
      expect(draft.status).toBe("draft");
      await page.goto(`/manage/archive/volumes/${draft.id}`);
      await expect(page.getByText(`代理词${lang}${stamp}.pdf`)).toBeVisible({ timeout: 30_000 });
      await snap(page, `archive-volume-draft-${lang}`);
      expect(await axeFindings(page, `draft volume ${lang}`)).toEqual([]);
      await page.getByRole("button", { name: L.submit }).click();
      // The admin approves too: a new-approval notice may take the toast, so read the status tag.
      await expect(page.getByText(L.submitted, { exact: true })).toBeVisible();
      const [pending] = await volumes(request, `caseId=${caseId}`);
      await acceptAs(request, pending.approvalId!, ["admin", "partner", "admin"]);
      const [archived] = await volumes(request, `caseId=${caseId}`);
      expect(archived.status).toBe("archived");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(archived.volumeNo!);
      await expect(page.getByText(L.archived, { exact: true }).first()).toBeVisible();

      // The lawyer borrows it from the catalogue; the archivist approves; the loan is active.
      await signIn(page, request, "lawyer");
      await useLanguage(page, lang);
      await page.goto(`/manage/case/detail/${caseId}`);
      await expect(page.getByText(L.caseLine)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("link", { name: archived.volumeNo! })).toHaveAttribute(
        "href",
        `/manage/archive/volumes/${archived.id}`,
      );
      await page.goto("/manage/archive/catalogue");
      await page.getByLabel(L.search).fill(caseName);
      await page.getByLabel(L.search).press("Enter");
      const row = page.getByRole("row").filter({ hasText: archived.volumeNo! });
      await expect(row).toHaveCount(1);
      await snap(page, `archive-catalogue-${lang}`);
      expect(await axeFindings(page, `catalogue ${lang}`)).toEqual([]);
      await row.getByRole("button", { name: new RegExp(`^${L.borrow}`) }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(L.purpose).fill("参考本案代理意见");
      await snap(page, `archive-borrow-${lang}`);
      expect(await axeFindings(page, `borrow dialog ${lang}`, ".ant-modal")).toEqual([]);
      // Enter in the date field sends the form, as in any form; the button otherwise.
      await typeDate(dialog.getByLabel(L.until), firmDay(7));
      const sent = await expect(dialog.getByRole("status"))
        .toBeVisible({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!sent) await dialog.getByRole("button", { name: L.ask }).click();
      await expect(toast(page)).toContainText(L.asked);
      await expect(dialog.getByRole("link", { name: L.approval })).toHaveAttribute(
        "href",
        /\/manage\/workflow\/detail\//,
      );
      const loans = await api<{ id: string; volumeId: string; approvalId: string }[]>(
        request,
        "lawyer",
        "get",
        "/api/archive-loans?mine=true",
      );
      const loan = loans.find((l) => l.volumeId === archived.id)!;
      await acceptAs(request, loan.approvalId, ["admin"]);
      await page.goto(`/manage/archive/loans?loan=${loan.id}`);
      const loanRow = page.getByRole("row").filter({ hasText: archived.volumeNo! });
      await expect(loanRow.getByText(L.active)).toBeVisible({ timeout: 30_000 });
      await expect(loanRow).toHaveClass(/archive-loan-focus/);
      await snap(page, `archive-loans-${lang}`);
      expect(await axeFindings(page, `loans ${lang}`)).toEqual([]);

      // Reading the volume on the loan is logged; the borrower then gives it back.
      await page.goto(`/manage/archive/volumes/${archived.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(archived.volumeNo!);
      await page.goto(`/manage/archive/loans?loan=${loan.id}`);
      const lent = page.getByRole("row").filter({ hasText: archived.volumeNo! });
      await lent.getByRole("button", { name: L.opensOf(1, archived.volumeNo!) }).click();
      const log = page.getByRole("dialog", { name: L.opensTitle(archived.volumeNo!) });
      await expect(log.getByRole("row")).toHaveCount(2);
      await log.getByRole("button", { name: /Close|关闭/ }).click();
      await lent.getByRole("button", { name: L.giveBack }).click();
      await page
        .locator(".ant-popconfirm")
        .getByRole("button", { name: /^(OK|确\s*定)$/ })
        .click();
      await expect(toast(page)).toContainText(L.returned);
      await useLanguage(page, "zh-CN");
    });
  }
});
