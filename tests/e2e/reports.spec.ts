import { readFileSync } from "node:fs";

import { axeFindings } from "./fees-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 30, the dashboard: every report card draws its chart and its table for a partner, in
 * Chinese and English, light and dark, axe-clean (WCAG 2.1 AA); a figure of the new-cases table
 * opens the case list behind it, whose count is that figure, as do an intake source's leads and
 * an ageing bucket's bills; Export PDF downloads the whole dashboard as a PDF.
 */
const TEXT = {
  "zh-CN": { title: "报表", total: (n: string) => `共 ${n} 条`, pdf: "导出 PDF" },
  en: { title: "Reports", total: (n: string) => `${n} in total`, pdf: "Export PDF" },
} as const;
const CARDS = [
  "new-cases",
  "open-cases",
  "money",
  "receivables-ageing",
  "top-clients",
  "workload",
  "deadlines",
  "approvals",
  "intake",
];

test.describe("reports dashboard", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
  });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`the partner's dashboard and a drill-down (${lang})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const T = TEXT[lang];
      await signIn(page, request, "partner");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      const findings: string[] = [];
      for (const theme of ["light", "dark"] as const) {
        await page
          .context()
          .addCookies([{ name: "law-manage-theme", value: theme, domain: "127.0.0.1", path: "/" }]);
        await page.goto("/manage/reports");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { name: T.title, level: 1 })).toBeVisible();
        for (const key of CARDS) {
          const card = page.locator(`[data-report="${key}"]`);
          await expect(card).toBeVisible();
          // Each card settles on a chart and its table, or says it has nothing for the period.
          await expect(card.locator("svg, .ant-empty").first()).toBeVisible({ timeout: 30_000 });
        }
        await snap(page, `reports-${lang}-${theme}`);
        findings.push(...(await axeFindings(page, `reports ${lang} ${theme}`)));
      }
      await page
        .context()
        .addCookies([{ name: "law-manage-theme", value: "light", domain: "127.0.0.1", path: "/" }]);
      expect(findings, "WCAG 2.1 AA findings").toEqual([]);

      // A figure of the new-cases table is a link to the list behind it.
      await page.goto("/manage/reports");
      const figure = page.locator('[data-report="new-cases"] table a').first();
      await expect(figure).toBeVisible({ timeout: 30_000 });
      const shown = (await figure.innerText()).trim();
      await figure.click();
      await expect(page).toHaveURL(/\/manage\/case\/list\?/);
      await expect(page.getByText(T.total(shown))).toBeVisible({ timeout: 30_000 });

      // …and an intake source's lead count opens the lead list with as many.
      await page.goto("/manage/reports");
      const leads = page.locator('[data-report="intake"] table a').first();
      await expect(leads).toBeVisible({ timeout: 30_000 });
      const count = (await leads.innerText()).trim();
      await leads.click();
      await expect(page).toHaveURL(/\/manage\/intake\?/);
      await expect(page.getByText(T.total(count))).toBeVisible({ timeout: 30_000 });

      // …and an ageing bucket's bill count opens every case's bill list, as many of them.
      await page.goto("/manage/reports");
      const bills = page
        .locator('[data-report="receivables-ageing"] table tbody td:nth-child(2) a')
        .filter({ hasNotText: /^0$/ })
        .first();
      await expect(bills).toBeVisible({ timeout: 30_000 });
      const owed = (await bills.innerText()).trim();
      await bills.click();
      await expect(page).toHaveURL(/\/manage\/case-bills\?/);
      await expect(page.getByText(T.total(owed))).toBeVisible({ timeout: 30_000 });
      await snap(page, `reports-drill-bills-${lang}`);

      // Export PDF beside the pickers: the whole dashboard, one PDF.
      await page.goto("/manage/reports");
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: T.pdf }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    });
  }
});
