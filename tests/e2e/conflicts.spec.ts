
import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

test("conflict check: refuses an 11th keyword, searches, decides and saves a report", async ({ page, request }) => {
  await signIn(page, request, "lawyer");
  await page.goto("/manage/conflict-interest");
  const keywords = page.getByLabel(/关键词|Keywords/);
  for (let i = 0; i < 11; i++) await keywords.fill(`词${i}`).then(() => keywords.press("Enter"));
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  await expect(page.getByText(/关键词最多10个|At most 10 keywords/)).toBeVisible();
  await page.reload();
  await keywords.fill("张");
  await keywords.press("Enter");
  await page.getByRole("button", { name: /^(检 ?索|Search)$/ }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await snap(page, "conflicts-results");
  await page.getByRole("button", { name: /保存报告|Save report/ }).click();
  await expect(page.getByText(/报告已保存|Report saved/)).toBeVisible();
});
