import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const PASSWORD = "demo1234";

/** Every screen the suite visits is kept for review under test-results/screens. */
export const snap = (page: Page, name: string) =>
  page.screenshot({
    path: `test-results/screens/${name}.png`,
    fullPage: true,
    animations: "disabled",
  });

export const apiToken = async (request: APIRequestContext, username: string) => {
  const res = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
};

/** Signs in through the API and hands the token to the SPA the way the user center does. */
export const signIn = async (page: Page, request: APIRequestContext, username: string) => {
  const token = await apiToken(request, username);
  await page.goto(`/manage/login?token=${token}`);
  await expect(page).not.toHaveURL(/\/login/);
  return token;
};

/** Signs in on the user-center page itself, as a person would. */
export const signInOnUserCenter = async (
  page: Page,
  username: string,
  labels = { username: "用户名", password: "密码", submit: "登录" },
) => {
  await page.getByLabel(labels.username).fill(username);
  await page.getByLabel(labels.password).fill(PASSWORD);
  await page.getByRole("button", { name: labels.submit }).click();
};
