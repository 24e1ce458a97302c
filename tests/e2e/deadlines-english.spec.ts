import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/** The first formal case the lawyer leads (the seed puts its hearing and appeal period on it). */
const firstCase = async (request: APIRequestContext) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "lawyer")}` };
  const agenda = (await (await request.get("/api/my-agenda", { headers })).json()).data;
  return agenda.hearings[0].caseId as string;
};

/** Signs in and shows the app in English (the app keeps the language in localStorage). */
const signInEnglish = async (page: Page, request: APIRequestContext, who: string) => {
  await signIn(page, request, who);
  await page.evaluate(() => localStorage.setItem("language", "en"));
};

test.describe("deadlines in English", () => {
  // The firm's time zone: hearings show at their Beijing time.
  test.use({ timezoneId: "Asia/Shanghai" });
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  });

  test("Settings lists and edits the rules' and holidays' names in both languages", async ({
    page,
    request,
  }) => {
    await signInEnglish(page, request, "admin");
    await page.goto("/manage/settings/deadline-rules");
    await expect(page.getByRole("heading", { name: "Deadline rules" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Rule in English" })).toBeVisible();
    await expect(
      page.getByRole("cell", { name: "Appeal period against a judgment", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("cell", { name: "对判决的上诉期", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Judgment served", exact: true })).toBeVisible();
    await snap(page, "deadlines-rules-en");
    // The edit form has both names; the English one typed there is what English readers get.
    await page.getByRole("link", { name: "appeal-ruling", exact: true }).click();
    await page.getByRole("button", { name: /Edit/ }).first().click();
    const english = page.getByLabel("Rule in English");
    await expect(page.getByLabel("Rule", { exact: true })).toHaveValue("对裁定的上诉期");
    await english.fill("Appeal against a ruling");
    await snap(page, "deadlines-rule-edit-en");
    await page.getByRole("button", { name: /Save/ }).click();
    await expect
      .poll(async () => {
        const headers = {
          authorization: `Bearer ${await apiToken(request, "lawyer")}`,
          lang: "en",
        };
        const rules = (await (await request.get("/api/key-date-rules", { headers })).json())
          .data as { code: string; name: string }[];
        return rules.find((r) => r.code === "appeal-ruling")?.name;
      })
      .toBe("Appeal against a ruling");
    await page.goto("/manage/settings/holiday-days");
    await expect(page.getByRole("heading", { name: "Holiday calendar" })).toBeVisible();
    await expect(
      page.getByRole("cell", { name: "Spring Festival", exact: true }).first(),
    ).toBeVisible();
    await snap(page, "deadlines-holidays-en");
  });

  test("a case's key dates show the rule's English name to an English reader", async ({
    page,
    request,
  }) => {
    const caseId = await firstCase(request);
    await signInEnglish(page, request, "lawyer");
    await page.goto(`/manage/cases/${caseId}/key-dates`);
    await expect(page.getByRole("heading", { name: /Key dates/ })).toBeVisible();
    await expect(
      page.getByRole("row", { name: /Appeal period against a judgment/ }).first(),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: /First hearing/ })).toBeVisible();
    await expect(page.getByText("对判决的上诉期")).toHaveCount(0);
    await snap(page, "deadlines-key-dates-en");
  });
});
