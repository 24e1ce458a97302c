import type { APIRequestContext } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/** Issue 21 point 7: three small things a user tripped on in the walk-through, at 1440×900. */
test.use({ viewport: { width: 1440, height: 900 } });

const auth = async (request: APIRequestContext, username: string) => ({ authorization: `Bearer ${await apiToken(request, username)}` });
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

for (const lang of ["zh-CN", "en"] as const) {
  const zh = lang === "zh-CN";
  test.describe(`small things (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("language", l), lang);
    });

    test("the updated-at column of the documents table is not under the sticky actions column", async ({ page, request }) => {
      await signIn(page, request, "lawyer");
      await page.goto("/manage/document");
      await page.getByTestId("upload-files").setInputFiles([{ name: `width-${lang}.pdf`, mimeType: "application/pdf", buffer: pdf }]);
      const row = page.getByRole("row", { name: new RegExp(`width-${lang}\\.pdf`) });
      await expect(row).toBeVisible();
      const header = page.getByRole("columnheader", { name: zh ? "更新时间" : "Updated" });
      const updated = await header.boundingBox();
      const actions = await row.locator("td.ant-table-cell-fix-right").boundingBox();
      expect(updated && actions).toBeTruthy();
      // The whole header cell lies left of where the sticky column starts.
      expect(updated!.x + updated!.width).toBeLessThanOrEqual(actions!.x + 1);
      await snap(page, `small-things-documents-${lang}`);
    });

    test("the interface settings page is titled as its menu entry", async ({ page, request }) => {
      await signIn(page, request, "lawyer");
      await page.goto("/manage/settings/preferences");
      await expect(page.getByRole("heading", { name: zh ? "界面设置" : "Interface settings", exact: true })).toBeVisible();
    });

    test("a client-change approval links back to its client", async ({ page, request }) => {
      await useFirm(request, "partner", "明德律师事务所");
      const stamp = `${Date.now()}`.slice(-8);
      const lawyer = await auth(request, "lawyer");
      const created = await request.post("/api/accounts", {
        headers: lawyer,
        data: { accountType: "organization", name: `链接客户${lang}${stamp}有限公司`, creditCode: `91310000LK${stamp}`, remark: "before" },
      });
      expect(created.status(), await created.text()).toBe(200);
      const client = (await created.json()).data as { id: string; version: number };
      const admin = await auth(request, "admin");
      const on = await request.put("/api/workflow/business-settings", { headers: admin, data: { accountChanges: true } });
      expect(on.status()).toBe(200);
      try {
        const saved = await request.patch(`/api/accounts/${client.id}`, { headers: lawyer, data: { remark: "after", version: client.version } });
        expect(saved.status(), await saved.text()).toBe(200);
        const approvalId = (await saved.json()).data.pendingApprovalId as string;
        expect(approvalId).toBeTruthy();
        await signIn(page, request, "lawyer");
        await page.goto(`/manage/workflow/detail/${approvalId}`);
        const link = page.getByRole("button", { name: zh ? "查看客户" : "Open the client" });
        await expect(link).toBeVisible();
        await snap(page, `small-things-approval-link-${lang}`);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/contacts/instution-detail/${client.id}`));
      } finally {
        await request.put("/api/workflow/business-settings", { headers: admin, data: { accountChanges: false } });
      }
    });
  });
}
