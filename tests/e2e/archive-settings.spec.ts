import { api } from "./api-steps";
import { axeFindings } from "./fees-steps";
import { signIn, snap } from "./helpers";
import { expect, test, toast } from "./page-errors";

type Settings = { numberFormat: string; dueMonths: number; retentionYears: Record<string, number> };

/**
 * Settings → Archive, in Chinese and English: the administrator keeps civil litigation's volumes
 * fifteen years and gives volumes two months; the server keeps what was saved; axe-clean.
 */
const TEXT = {
  "zh-CN": {
    title: "档案",
    due: "结案后几个月内归档",
    civil: "保管年限：民事诉讼",
    saved: "档案设置已保存",
  },
  en: {
    title: "Archive",
    due: "Due, months after the closing",
    civil: "Years kept: Civil litigation",
    saved: "Archive settings saved",
  },
} as const;

test.describe("archive settings", () => {
  test.describe.configure({ mode: "serial" });
  for (const lang of ["zh-CN", "en"] as const) {
    test(`the archivist's retention and due months (${lang})`, async ({ page, request }) => {
      const T = TEXT[lang];
      const before = await api<Settings>(request, "admin", "get", "/api/archive-settings");
      await signIn(page, request, "admin");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto("/manage/settings/archive");
      await expect(page.getByRole("heading", { name: T.title, exact: true })).toBeVisible();
      await page.getByLabel(T.due).fill("2");
      await page.getByRole("spinbutton", { name: T.civil }).fill("15");
      await snap(page, `archive-settings-${lang}`);
      expect(await axeFindings(page, `archive settings ${lang}`)).toEqual([]);
      await page.getByRole("button", { name: /^(保\s*存|Save)$/ }).click();
      await expect(toast(page)).toContainText(T.saved);
      const after = await api<Settings>(request, "admin", "get", "/api/archive-settings");
      expect(after.dueMonths).toBe(2);
      expect(after.retentionYears["civil-litigation"]).toBe(15);
      // Put the firm back as it was for the specs after this one.
      await api(request, "admin", "put", "/api/archive-settings", before);
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    });
  }
});
