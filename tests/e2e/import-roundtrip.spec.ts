import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 21 point 2 in the browser: the clients' own export, imported back on the import screen,
 * stops on the matching rows by default and updates them when asked (zh-CN and en).
 */
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const TEXT = {
  "zh-CN": { title: "导入客户", update: "更新已有记录", skip: "跳过该行", stopped: /发现 2 处问题，未导入任何数据/, updated: "导入完成：新增 0 条，更新 0 条，跳过 0 条", skipped: "跳过 2 条" },
  en: { title: "Import accounts", update: "Update the existing record", skip: "Skip the row", stopped: /2 problems/, updated: "0 added, 0 updated, 0 skipped", skipped: "2 skipped" },
} as const;


for (const lang of ["zh-CN", "en"] as const) {
  const L = TEXT[lang];
  test(`clients export imports back: stop, skip and update (${lang})`, async ({ page, request }) => {
    await page.addInitScript((l) => localStorage.setItem("language", l), lang);
    const stamp = `${lang === "en" ? "E" : "Z"}${Date.now().toString().slice(-7)}`;
    const headers = { authorization: `Bearer ${await apiToken(request, "partner")}` };
    for (const n of [1, 2]) {
      const res = await request.post("/api/accounts", {
        headers,
        data: { accountType: "organization", name: `往返${stamp}${n}有限公司`, creditCode: `91310000RT${stamp.slice(1)}${n}`, remark: `备注${n}` },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const exported = await request.get(`/api/accounts/export?name_like=${encodeURIComponent(`往返${stamp}`)}`, { headers: { ...headers, lang } });
    expect(exported.status()).toBe(200);
    const file = { name: "accounts-export.xlsx", mimeType: XLSX, buffer: await exported.body() };

    await signIn(page, request, "partner");
    await page.goto("/manage/contacts/import");
    await expect(page.getByRole("heading", { name: L.title })).toBeVisible();
    await page.locator("input[type=file]").setInputFiles(file);
    await expect(page.getByText(L.stopped)).toBeVisible();
    await snap(page, `import-roundtrip-01-stopped-${lang}`);

    await page.getByRole("radio", { name: L.skip }).check();
    await page.locator("input[type=file]").setInputFiles(file);
    await expect(page.getByText(L.skipped).first()).toBeVisible();

    await page.getByRole("radio", { name: L.update }).check();
    await page.locator("input[type=file]").setInputFiles(file);
    // Unchanged rows change nothing: the export came back as it went out.
    await expect(page.getByText(L.updated).first()).toBeVisible();
    await snap(page, `import-roundtrip-02-updated-${lang}`);
  });
}
