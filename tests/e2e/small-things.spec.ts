import type { APIRequestContext } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/** Issue 21 point 7: three small things a user tripped on in the walk-through, at 1440×900. */
test.use({ viewport: { width: 1440, height: 900 } });

const auth = async (request: APIRequestContext, username: string) => ({
  authorization: `Bearer ${await apiToken(request, username)}`,
});
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

for (const lang of ["zh-CN", "en"] as const) {
  const zh = lang === "zh-CN";
  test.describe(`small things (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("language", l), lang);
    });

    test("the updated-at column of the documents table is not under the sticky actions column", async ({
      page,
      request,
    }) => {
      await signIn(page, request, "lawyer");
      await page.goto("/manage/document");
      await page
        .getByTestId("upload-files")
        .setInputFiles([{ name: `width-${lang}.pdf`, mimeType: "application/pdf", buffer: pdf }]);
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

    test("the client list's folded filters bring their pickers when unfolded, and a date range filters", async ({
      page,
      request,
    }) => {
      await signIn(page, request, "lawyer");
      await page.goto("/manage/contacts");
      const filters = page.locator("form.schema-filters");
      await expect(filters.getByRole("combobox").first()).toBeVisible();
      // The date, tree and cascade pickers load with the fold, not with the list.
      await expect(filters.locator(".ant-picker")).toHaveCount(0);
      await filters.getByRole("button", { name: zh ? /展\s?开/ : "More" }).click();
      await expect(filters.locator(".ant-picker-range")).toBeVisible();
      await expect(
        filters.locator(".ant-select-tree-select, .ant-tree-select").first(),
      ).toBeVisible();
      await expect(filters.locator(".ant-cascader").first()).toBeVisible();

      const from = filters.locator(".ant-picker-range input").first();
      await from.click();
      await from.fill("2000-01-01");
      await from.press("Enter");
      const to = filters.locator(".ant-picker-range input").nth(1);
      await to.fill("2000-01-02");
      const listed = page.waitForRequest(
        (r) => r.url().includes("/api/accounts?") && r.url().includes("createdAt_gte="),
      );
      // Enter in the last date both closes the picker and submits the filters.
      await to.press("Enter");
      expect((await listed).url()).toContain("createdAt_lte=");
      await expect(page.locator(".ant-table-placeholder")).toBeVisible();
      await snap(page, `small-things-client-filters-${lang}`);
    });

    test("the interface settings page is titled as its menu entry", async ({ page, request }) => {
      await signIn(page, request, "lawyer");
      await page.goto("/manage/settings/preferences");
      await expect(
        page.getByRole("heading", { name: zh ? "界面设置" : "Interface settings", exact: true }),
      ).toBeVisible();
    });

    test("a client-change approval links back to its client", async ({ page, request }) => {
      await useFirm(request, "partner", "明德律师事务所");
      const stamp = `${Date.now()}`.slice(-8);
      const lawyer = await auth(request, "lawyer");
      const created = await request.post("/api/accounts", {
        headers: lawyer,
        data: {
          accountType: "organization",
          name: `链接客户${lang}${stamp}有限公司`,
          creditCode: `91310000LK${stamp}`,
          remark: "before",
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      const client = (await created.json()).data as { id: string; version: number };
      const admin = await auth(request, "admin");
      const on = await request.put("/api/workflow/business-settings", {
        headers: admin,
        data: { accountChanges: true },
      });
      expect(on.status()).toBe(200);
      try {
        const saved = await request.patch(`/api/accounts/${client.id}`, {
          headers: lawyer,
          data: { remark: "after", version: client.version },
        });
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
        await request.put("/api/workflow/business-settings", {
          headers: admin,
          data: { accountChanges: false },
        });
      }
    });
  });
}
