import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { generate } from "otplib";

import { apiToken, PASSWORD, useFirm } from "./helpers";
import { expect } from "./page-errors";

export const FIRM = "明德律师事务所";

/** The words of each language the two-factor specs look for (the screens' labels). */
export const LANGS = [
  {
    lang: "zh-CN",
    security: "账号安全",
    enable: /开\s?启/,
    qr: "将此账号添加到身份验证器应用的二维码",
    appCode: "验证码",
    confirm: "确认并开启",
    codes: "您的恢复码",
    saved: "我已保存",
    on: "已开启",
    signOut: "退出登录",
    username: "用户名",
    password: "密码",
    submit: "登录",
    codeStep: "两步验证",
    code: "验证码",
    verify: "验证",
    useRecovery: "改用恢复码",
    recovery: "恢复码",
    trust: "在此浏览器上 30 天内免验证",
    viaCode: "验证码",
    viaRecovery: "恢复码",
    policy: "登录安全策略",
    chosenRoles: "指定角色的成员",
    roles: "角色",
    save: /保\s?存/,
    policySaved: "登录安全策略已保存",
    enrolTitle: "设置两步验证",
    enrolCode: "应用显示的验证码",
    enrolSubmit: "开启并登录",
    codesSaved: "我已保存，继续",
    securityMenu: "的账号安全",
    reset: "重置两步验证",
    confirmButton: /重\s?置/,
    history: "登录记录",
    search: "搜索",
    resetDone: "两步验证已重置",
  },
  {
    lang: "en",
    security: "Security",
    enable: "Turn on",
    qr: "QR code that adds this account to an authenticator app",
    appCode: "Code from the app",
    confirm: "Confirm and turn on",
    codes: "Your recovery codes",
    saved: "I have saved them",
    on: "On",
    signOut: "Sign out",
    username: "Username",
    password: "Password",
    submit: "Sign in",
    codeStep: "Two-factor verification",
    code: "Authentication code",
    verify: "Verify",
    useRecovery: "Use a recovery code instead",
    recovery: "Recovery code",
    trust: "Trust this browser for 30 days",
    viaCode: "Authenticator code",
    viaRecovery: "Recovery code",
    policy: "Sign-in policy",
    chosenRoles: "Members with chosen roles",
    roles: "Roles",
    save: "Save",
    policySaved: "Sign-in policy saved",
    enrolTitle: "Set up two-factor sign-in",
    enrolCode: "Code shown by the app",
    enrolSubmit: "Turn on and sign in",
    codesSaved: "I have saved them, continue",
    securityMenu: "Security of",
    reset: "Reset two-factor sign-in",
    confirmButton: "Reset",
    history: "Sign-in history",
    search: "Search",
    resetDone: "Two-factor sign-in reset",
  },
] as const;

export type Words = (typeof LANGS)[number];

/** The code of the step `steps` from now (the server takes ±1 step, each code once). */
export const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Serious and critical WCAG 2.1 AA findings on the page as it is now. */
export const audit = async (page: Page, where: string) => {
  await page.waitForTimeout(300); // antd fades in: axe must see the final colours
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(" ")}`));
};

const adminHeaders = async (request: APIRequestContext) => {
  await useFirm(request, "admin", FIRM);
  return { authorization: `Bearer ${await apiToken(request, "admin")}` };
};

/** A member of our own (the demo users' two-factor state stays as the other specs expect). */
export const newMember = async (request: APIRequestContext, name: string, roleCodes: string[]) => {
  const headers = await adminHeaders(request);
  const roles = (
    (await (await request.get("/api/roles", { headers })).json()) as {
      data: { id: string; code: string }[];
    }
  ).data;
  const username = `tfa${Date.now() % 10_000_000}`;
  const res = await request.post("/api/members", {
    headers,
    data: {
      account: "new",
      username,
      name,
      password: PASSWORD,
      roleIds: roles.filter((r) => roleCodes.includes(r.code)).map((r) => r.id),
    },
  });
  expect(res.status()).toBe(200);
  return username;
};

/** A role only this run's member holds, so requiring two-factor of it touches nobody else. */
export const newRole = async (request: APIRequestContext, name: string) => {
  const headers = await adminHeaders(request);
  const code = `tfa-${Date.now() % 10_000_000}`;
  const res = await request.post("/api/roles", { headers, data: { name, code } });
  expect(res.status()).toBe(200);
  return code;
};

/** Back to "nobody required", so the firm's policy is as the other specs expect. */
export const clearPolicy = async (request: APIRequestContext) => {
  const res = await request.put("/api/security-settings", {
    headers: await adminHeaders(request),
    data: { twoFactor: { mode: "off" } },
  });
  expect(res.status()).toBe(200);
};

/** The browser forgets every sign-in (token, cookies), as another person's would. */
export const forgetBrowser = async (page: Page, lang: string) => {
  await page.context().clearCookies();
  await page.goto(`/user-center/login?lang=${lang}`);
  await page.evaluate((l) => {
    localStorage.clear();
    localStorage.setItem("language", l);
  }, lang);
};
