import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { generate } from "otplib";

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "../../src/server/seed/demo-secrets";

export const PASSWORD = DEMO_PASSWORD;

const STEP_MS = 30_000;
let lastPartnerStep = 0;

/**
 * A code of the demo partner's authenticator (README: the published demo secret) that this run has
 * not used yet: each code is good once, so a used step is skipped, up to the one the server still
 * takes ahead of now (±1), and past that the next step is waited for.
 */
export const partnerCode = async () => {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, lastPartnerStep + 1);
  if (step > now + 1)
    await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - Date.now() + 200));
  lastPartnerStep = step;
  return generate({ secret: DEMO_TOTP_SECRET, epoch: (step * STEP_MS) / 1000 });
};

/** "Trust this browser" tokens from the API's code step: later sign-ins of the run skip the code. */
const trustedTokens = new Map<string, string>();

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

type LoginData = { token?: string; twoFactor?: string; challenge?: string; trustedToken?: string };

/**
 * Signs in through the API. The demo partner has two-factor sign-in: the code step is answered
 * with a computed code (a spec before this one may have used the code of this moment, so a refused
 * one is followed by the next), asking the server to trust this "browser" from then on.
 */
export const apiToken = async (request: APIRequestContext, username: string) => {
  const trustedToken = trustedTokens.get(username);
  const res = await request.post("/api/auth/login", {
    data: { username, password: PASSWORD, ...(trustedToken ? { trustedToken } : {}) },
  });
  expect(res.status()).toBe(200);
  const data = ((await res.json()) as { data: LoginData }).data;
  if (data.token) return data.token;
  expect(data.twoFactor, `${username} is asked for a second factor`).toBe("verify");
  expect(username, "only the demo partner's authenticator secret is known").toBe("partner");
  for (let attempt = 0; attempt < 3; attempt++) {
    const verified = await request.post("/api/auth/two-factor/verify", {
      data: { challenge: data.challenge, code: await partnerCode(), trustBrowser: true },
    });
    if (verified.status() !== 200) continue;
    const done = ((await verified.json()) as { data: LoginData }).data;
    if (done.trustedToken) trustedTokens.set(username, done.trustedToken);
    return done.token as string;
  }
  throw new Error(`no code of ${username} was accepted`);
};

/** Signs in through the API and hands the token to the SPA the way the user center does. */
export const signIn = async (page: Page, request: APIRequestContext, username: string) => {
  const token = await apiToken(request, username);
  await page.goto(`/manage/login?token=${token}`);
  await expect(page).not.toHaveURL(/\/login/);
  return token;
};

/**
 * Signs in on the user-center page itself, as a person would; for the demo partner, with a code
 * from the authenticator (computed from the published demo secret) on the code step.
 */
export const signInOnUserCenter = async (
  page: Page,
  username: string,
  labels: { username: string; password: string; submit: string; code?: string; verify?: string } = {
    username: "用户名",
    password: "密码",
    submit: "登录",
  },
) => {
  await page.getByLabel(labels.username).fill(username);
  await page.getByLabel(labels.password).fill(PASSWORD);
  await page.getByRole("button", { name: labels.submit }).click();
  if (username !== "partner") return;
  await page.getByLabel(labels.code ?? "验证码", { exact: true }).fill(await partnerCode());
  await page.getByRole("button", { name: labels.verify ?? "验证", exact: true }).click();
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
