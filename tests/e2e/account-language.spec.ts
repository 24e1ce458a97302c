import type { APIRequestContext } from "@playwright/test";

import { apiToken, PASSWORD, signIn, signInOnUserCenter, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * The language (and theme) follow the account: signing in from a browser that never saw the
 * app opens it in the account's language and theme, before the first screen. Seeded texts (role
 * descriptions, the welcome notification) carry both languages and show the reader's.
 */

const FIRM = "明德律师事务所";

/** A member of our own (the shared demo users keep their preferences for the other specs). */
const newLawyer = async (request: APIRequestContext) => {
  await useFirm(request, "admin", FIRM);
  const headers = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  const roles = (await (await request.get("/api/roles", { headers })).json()) as {
    data: { id: string; code: string }[];
  };
  const lawyer = roles.data.find((r) => r.code === "lawyer");
  const username = `lang${Date.now() % 1_000_000}`;
  const res = await request.post("/api/members", {
    headers,
    data: { account: "new", username, name: "韩梅", password: PASSWORD, roleIds: [lawyer?.id] },
  });
  expect(res.status()).toBe(200);
  return username;
};

test("signing in opens the app in the account's language and theme", async ({ page, request }) => {
  const username = await newLawyer(request);
  const headers = { authorization: `Bearer ${await apiToken(request, username)}` };
  const saved = await request.put("/api/profile/preferences", {
    headers,
    data: { language: "en", theme: "dark" },
  });
  expect(saved.status()).toBe(200);

  // A browser that never saw the app: its sign-in page is Chinese (the browser's language).
  await page.goto("/manage");
  await expect(page).toHaveURL(/\/user-center\/login/);
  await signInOnUserCenter(page, username);
  await expect(page).not.toHaveURL(/user-center/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Documents" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await snap(page, "account-language-01-first-screen");
});

test("the API hand-off of a fresh browser takes the account's language too", async ({
  page,
  request,
}) => {
  const username = await newLawyer(request);
  const headers = { authorization: `Bearer ${await apiToken(request, username)}` };
  await request.put("/api/profile/preferences", { headers, data: { language: "en" } });
  await signIn(page, request, username);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Documents" })).toBeVisible();
});

for (const [lang, admin, intern, welcome] of [
  ["zh-CN", "律所管理员", "实习生（暂无权限）", "欢迎加入明德律师事务所"],
  ["en", "Firm administrator", "Intern (no rights yet)", "Welcome to Mingde Law Firm"],
] as const) {
  test(`seeded role descriptions and the welcome notification read in ${lang}`, async ({
    page,
    request,
  }) => {
    await useFirm(request, "admin", FIRM);
    // Any page of the origin will do to choose this browser's language before signing in.
    await page.goto("/user-center/login");
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    await signIn(page, request, "admin");
    await page.goto("/manage/settings/roles");
    await expect(page.getByRole("row", { name: /admin/ })).toContainText(admin);
    await expect(page.getByRole("row", { name: /intern/ })).toContainText(intern);
    await snap(page, `account-language-02-roles-${lang}`);
    await page.goto("/manage/notifications");
    await expect(page.getByText(welcome).first()).toBeVisible();
  });
}
