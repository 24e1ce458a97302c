import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

export const PASSWORD = "demo1234";

/**
 * Confirms an antd dialog: waits out its zoom-in (a click during it can be lost on a loaded
 * machine), clicks the button, and clicks again only if the dialog is still open and not closing
 * after a few seconds (a loading OK button ignores a second click, so the action runs once).
 */
export const confirmDialog = async (dialog: Locator, button: RegExp) => {
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await expect(async () => {
    const closing = /ant-zoom-leave/.test(
      (await dialog.getAttribute("class").catch(() => "")) ?? "",
    );
    if (!closing && (await dialog.isVisible()))
      await dialog.getByRole("button", { name: button }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
};

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

/**
 * Puts a member of several firms back in the named firm. All specs share one server, and a
 * sign-in opens the firm used last, so a spec that needs a firm must not trust earlier specs.
 */
export const useFirm = async (request: APIRequestContext, username: string, firmName: string) => {
  const token = await apiToken(request, username);
  const headers = { authorization: `Bearer ${token}` };
  const info = await (
    await request.get("/api/user-service/user/get-login-user-info", { headers })
  ).json();
  const firm = (info.data.workspaces as Array<{ id: string; name: string }>).find(
    (w) => w.name === firmName,
  );
  if (!firm) throw new Error(`${username} is not in ${firmName}`);
  const res = await request.post("/api/auth/switch-workspace", {
    headers,
    data: { workspaceId: firm.id },
  });
  expect(res.status()).toBe(200);
};
