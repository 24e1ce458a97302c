import { readFileSync } from "node:fs";

import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";

import type {
  FeePeriods,
  InvoiceDetail,
  InvoiceRequestResult,
} from "../../src/shared/contracts/fees";
import { periodForLine } from "../../src/shared/fees";
import { api } from "./api-steps";
import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Finance's screens end to end, in both languages: an invoice request approved in the approval
 * centre (its summary shown to the approver), recorded as issued with its file, matched to a
 * payment; the lawyer's share in the month's statements and in My earnings; Receivables; a month
 * closed. Every screen is kept in light and dark and checked with axe (WCAG 2.1 AA).
 */

const FIRM = "明德律师事务所";
const LANGS = ["zh-CN", "en"] as const;
type Lang = (typeof LANGS)[number];
const stamp = Date.now().toString().slice(-6);
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });

// The screens' own texts, read from the locale files, so one spec walks both languages.
const LOCALES = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(`locales/${l}.json`, "utf8")) as object]),
) as Record<Lang, object>;
const text = (lang: Lang, key: string, params: Record<string, string> = {}) => {
  const found = key
    .split(".")
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], LOCALES[lang]);
  if (typeof found !== "string") throw new Error(`no ${lang} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");
};
/**
 * A button's name: antd puts a space between two Chinese characters, and an icon's name (an
 * antd icon is an img labelled "lock", "download") comes first when the button has one.
 */
const button = (label: string) =>
  new RegExp(
    `^(?:[a-z-]+ )?${label
      .split("")
      .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s*")}$`,
  );

const pdf = {
  name: `invoice-${stamp}.pdf`,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (invoice) >>\nendobj\ntrailer\n<< >>\n%%EOF\n`),
};

const signInAs = async (page: Page, request: APIRequestContext, user: string, lang: Lang) => {
  await signIn(page, request, user);
  await page.evaluate((l) => localStorage.setItem("language", l), lang);
};

/** The screen has drawn its data (the live connection keeps the network busy: no "networkidle"). */
const settled = async (page: Page) => {
  // A page's chunk loads on first use: a busy machine may take a while the first time.
  await expect(page.locator(".app-layout")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".page-title")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".ant-skeleton")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(300);
};
/**
 * Confirms a dialog like helpers' confirmDialog, with the patience a busy machine needs: the
 * click's request may take several seconds, and clicking again while it runs does nothing (the
 * button is loading; an approval's action carries its Idempotency-Key).
 */
const confirm = async (dialog: Locator, name: RegExp) => {
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await expect(async () => {
    const closing = /ant-zoom-leave/.test(
      (await dialog.getAttribute("class").catch(() => "")) ?? "",
    );
    if (!closing && (await dialog.isVisible()))
      await dialog.getByRole("button", { name }).click({ timeout: 5_000 });
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
};

/** Opens a screen of the app and waits until it has drawn its data. */
const open = async (page: Page, url: string) => {
  await page.goto(url);
  await settled(page);
};

/** Serious and critical WCAG 2.1 AA findings on the page as it is now. */
const audit = async (page: Page, where: string) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(" ")}`));
};

/** A pre-filing case the lawyer leads, opened through its approval, with a payment received today. */
const caseWithPayment = async (request: APIRequestContext, name: string, amount: string) => {
  const [client] = await api<{ id: string }[]>(
    request,
    "lawyer",
    "get",
    "/api/accounts?_start=0&_end=1&_sort=name&_order=asc",
  );
  const lawyer = await api<{ id: string; name: string }>(
    request,
    "lawyer",
    "get",
    "/api/user-service/user/get-login-user-info",
  );
  const values = {
    name,
    accountId: client.id,
    caseType: "civil-litigation",
    filingType: "pre-filing",
    feeType: "fixed",
    feeFixed: "30000",
    leadLawyerId: lawyer.id,
    parties: [
      {
        name: "开票甲方",
        partyType: "natural",
        litigationRole: "plaintiff",
        conflictRole: "client",
      },
    ],
  };
  const { instanceId } = await api<{ instanceId: string }>(
    request,
    "lawyer",
    "post",
    "/api/case-submissions",
    { values },
  );
  await acceptAll(request, instanceId);
  const { caseId } = await api<{ caseId: string }>(
    request,
    "lawyer",
    "get",
    `/api/case-submissions/${instanceId}`,
  );
  await api(request, "admin", "post", "/api/case-payments", { caseId, paidOn: today(), amount });
  return { caseId, lawyer };
};

const PEOPLE = ["lawyer", "partner", "admin", "finance"];

/** Who holds a pending task of the approval now (null when none does); others may not read it. */
const holderOf = async (request: APIRequestContext, instanceId: string) => {
  for (const user of PEOPLE) {
    const headers = { authorization: `Bearer ${await apiToken(request, user)}` };
    const res = await request.get(`/api/workflow/instances/${instanceId}`, { headers });
    if (res.status() === 403) continue;
    expect(res.status(), await res.text()).toBe(200);
    const detail = (await res.json()).data as { myTasks: unknown[] };
    if (detail.myTasks.length > 0) return user;
  }
  return null;
};

/** Accepts every step of an approval through the API, whoever holds it. */
const acceptAll = async (request: APIRequestContext, instanceId: string) => {
  for (let guard = 0; guard < 10; guard += 1) {
    const user = await holderOf(request, instanceId);
    if (!user) return;
    const detail = await api<{ myTasks: { id: string }[] }>(
      request,
      user,
      "get",
      `/api/workflow/instances/${instanceId}`,
    );
    for (const task of detail.myTasks)
      await api(request, user, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
      });
  }
};

/** Each screen in light and dark: kept for review, and audited with axe. */
const shootScreens = async (page: Page, lang: Lang, screens: [string, string][]) => {
  const findings: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page
      .context()
      .addCookies([{ name: "law-manage-theme", value: theme, domain: "127.0.0.1", path: "/" }]);
    for (const [name, url] of screens) {
      await open(page, url);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await snap(page, `fees-finance-${name}-${lang}-${theme}`);
      findings.push(...(await audit(page, `${name} ${lang} ${theme}`)));
    }
  }
  await page
    .context()
    .addCookies([{ name: "law-manage-theme", value: "light", domain: "127.0.0.1", path: "/" }]);
  expect(findings).toEqual([]);
};

test.describe("finance: invoices, statements, receivables", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    for (const user of PEOPLE) await useFirm(request, user, FIRM);
  });

  for (const lang of LANGS) {
    test(`an invoice approved, issued and matched; the lawyer's statement; a month closed (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(900_000);
      const T = (key: string, params?: Record<string, string>) => text(lang, key, params);
      const name = `开票案件${lang}${stamp}`;
      // Invoice numbers are digits (8 for a paper invoice with its code).
      const invoiceNo = `2026${stamp}${LANGS.indexOf(lang)}`;
      const periods = await api<FeePeriods>(request, "finance", "get", "/api/fees/periods");
      // Today's payment goes to today's month, or to the first open one when that is closed.
      const month = periodForLine(today(), periods.closed[0]?.period ?? null);
      const { caseId, lawyer } = await caseWithPayment(request, name, "10600.00");
      const { invoiceId, instanceId } = await api<InvoiceRequestResult>(
        request,
        "lawyer",
        "post",
        "/api/invoice-requests",
        {
          caseId,
          invoiceType: "vatNormal",
          buyerTitle: `开票买方${stamp}`,
          amount: "10600.00",
          taxRate: "6.00",
          items: [
            { name: "律师服务费", amount: "10000.00" },
            { name: "咨询费", amount: "600.00" },
          ],
        },
      );

      // The approver reads what the request asks for above the form, and accepts.
      const approver = await holderOf(request, instanceId);
      expect(approver).not.toBeNull();
      await signInAs(page, request, approver!, lang);
      await open(page, `/manage/invoice/workflow/${instanceId}`);
      const summary = page.getByRole("region", { name: T("invoices.titles.proposed") });
      await expect(summary.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
        "href",
        `/manage/case/detail/${caseId}`,
      );
      await expect(summary.getByText("¥10,600.00").first()).toBeVisible();
      await expect(summary.getByText("6.00%")).toBeVisible();
      await expect(summary.getByText("¥600.00").first()).toBeVisible();
      await expect(summary.getByText(`开票买方${stamp}`)).toBeVisible();
      await expect(summary.getByText(T("invoices.types.vatNormal"))).toBeVisible();
      await expect(summary.getByRole("cell", { name: "咨询费" })).toBeVisible();
      await snap(page, `fees-finance-approval-${lang}`);
      const toolbar = page.getByRole("toolbar", { name: T("workflow.titles.actions") });
      await toolbar.getByRole("button", { name: button(T("workflow.actions.accept")) }).click();
      await confirm(
        page.getByRole("dialog", { name: T("workflow.actions.accept") }),
        button(T("workflow.actions.ok")),
      );
      await acceptAll(request, instanceId);
      const approved = await api<InvoiceDetail>(
        request,
        "finance",
        "get",
        `/api/invoices/${invoiceId}`,
      );
      expect(approved.status).toBe("approved");

      // Finance records the issued invoice with its file.
      await signInAs(page, request, "finance", lang);
      await open(page, "/manage/finance/invoices");
      await page.getByRole("link", { name: approved.requestNo }).click();
      await expect(page).toHaveURL(new RegExp(`/manage/finance/invoices/${invoiceId}$`));
      await settled(page);
      await page.getByRole("button", { name: button(T("invoices.actions.issue")) }).click();
      const issue = page.getByRole("dialog", { name: T("invoices.actions.issue") });
      await issue.getByLabel(T("invoices.fields.invoiceNo")).fill(invoiceNo);
      await issue.getByLabel(T("invoices.fields.invoiceCode")).fill("044031900111");
      await issue.locator("input[type=file]").setInputFiles(pdf);
      await expect(issue.getByText(pdf.name)).toBeVisible();
      await snap(page, `fees-finance-issue-dialog-${lang}`);
      await confirm(issue, button(T("invoices.actions.issueOk")));
      await expect(
        page.locator(".page-title").getByText(T("invoices.statuses.issued")),
      ).toBeVisible();
      await expect(page.getByText(invoiceNo).first()).toBeVisible();

      // Matches the case's payment, part first, then the rest.
      await page.getByRole("button", { name: button(T("invoices.actions.match")) }).click();
      const match = page.getByRole("dialog", { name: T("invoices.actions.match") });
      await match.getByRole("radio").first().check();
      const amount = match.getByLabel(T("invoices.match.amount"));
      await expect(amount).toHaveValue("10600.00");
      await amount.fill("6000");
      await expect(match.getByRole("radio").first()).toBeChecked();
      await snap(page, `fees-finance-match-dialog-${lang}`);
      await confirm(match, button(T("invoices.actions.matchOk")));
      const matches = page.getByRole("region", { name: T("invoices.titles.matches") });
      await expect(matches.getByRole("cell", { name: "¥6,000.00" })).toBeVisible();
      await page.getByRole("button", { name: button(T("invoices.actions.match")) }).click();
      await match.getByRole("radio").first().check();
      await expect(amount).toHaveValue("10600.00");
      await confirm(match, button(T("invoices.actions.matchOk")));
      await expect(matches.getByRole("cell", { name: "¥10,600.00" })).toHaveCount(2);

      // The lawyer's share of the payment is on the month's statements and on their statement.
      await open(page, `/manage/finance/statements?period=${month}`);
      await page.getByRole("link", { name: lawyer.name, exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(`/manage/finance/statements/${lawyer.id}\\?period=${month}`),
      );
      await settled(page);
      // The payment's line first; the invoice's tax follows as adjusting lines of the same payment.
      const line = page.getByRole("row").filter({ hasText: name }).first();
      await expect(line.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
        "href",
        `/manage/case/detail/${caseId}`,
      );
      await expect(line.getByText(T("feeSharing.roles.lead"))).toBeVisible();
      await expect(line.getByText("100.00%")).toBeVisible();

      // A month before this one is closed, once (the other run finds it closed and says so); the
      // current month stays open for the specs after this one.
      const closing =
        periods.closed.length === 0 || (lang === "zh-CN" && periods.nextToClose < month)
          ? periods.nextToClose
          : null;
      const shown = closing ?? periods.closed[0].period;
      await open(page, `/manage/finance/statements?period=${shown}`);
      const close = page.getByRole("button", { name: button(T("feeSharing.close.action")) });
      if (closing) {
        await close.click();
        const dialog = page.getByRole("dialog", {
          name: T("feeSharing.close.title", { period: closing }),
        });
        await expect(dialog).toBeVisible();
        await snap(page, `fees-finance-close-dialog-${lang}`);
        await confirm(dialog, button(T("feeSharing.close.ok")));
      }
      await expect(
        page.locator(".page-header").getByText(T("feeSharing.period.closed")),
      ).toBeVisible();
      await expect(close).toBeDisabled();
      await expect(page.getByText(T("feeSharing.close.blocked.closed"))).toBeVisible();

      // Receivables: the client links to its page; the export downloads an xlsx.
      await open(page, "/manage/finance/receivables");
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: T("feeSharing.actions.exportXlsx") }).click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

      await shootScreens(page, lang, [
        ["invoices", "/manage/finance/invoices"],
        ["invoice", `/manage/finance/invoices/${invoiceId}`],
        ["approval", `/manage/invoice/workflow/${instanceId}`],
        ["receivables", "/manage/finance/receivables"],
        ["statements", `/manage/finance/statements?period=${month}`],
        ["statement", `/manage/finance/statements/${lawyer.id}?period=${month}`],
      ]);

      // Red-reversed (红冲) with a reason: the matches go, the payment's split follows the tax.
      if (lang === "en") {
        await open(page, `/manage/finance/invoices/${invoiceId}`);
        await page.getByRole("button", { name: button(T("invoices.actions.reverse")) }).click();
        const reverse = page.getByRole("dialog", { name: T("invoices.actions.reverse") });
        await reverse.getByLabel(T("invoices.fields.cancelReason")).fill("Buyer title was wrong");
        await expect(reverse).toBeVisible();
        await snap(page, `fees-finance-reverse-dialog-${lang}`);
        await confirm(reverse, button(T("invoices.actions.reverseOk")));
        await expect(
          page.locator(".page-title").getByText(T("invoices.statuses.reversed")),
        ).toBeVisible();
        await expect(page.getByText("Buyer title was wrong")).toBeVisible();
        await snap(page, `fees-finance-invoice-reversed-${lang}`);
      }

      // The lawyer sees their own line in My earnings.
      await signInAs(page, request, "lawyer", lang);
      await open(page, `/manage/finance/my-earnings?period=${month}`);
      await expect(page.getByRole("row").filter({ hasText: name }).first()).toBeVisible();
      await shootScreens(page, lang, [
        ["my-earnings", `/manage/finance/my-earnings?period=${month}`],
      ]);
    });
  }
});
