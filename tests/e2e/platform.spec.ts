import { apiToken, signIn, signInOnUserCenter, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

test.describe("sign-in round trip", () => {
  test("sends an anonymous visitor to the user center and lands on the first allowed page", async ({
    page,
  }) => {
    await page.goto("/manage");
    await expect(page).toHaveURL(/\/user-center\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toMatch(/\/manage\/login$/);
    await snap(page, "01-user-center-login");

    await signInOnUserCenter(page, "admin");

    // The landing page is "My next 14 days" (deadlines); the profile is one click away.
    await expect(page).toHaveURL(/\/manage\/home$/);
    await expect(page.getByRole("heading", { name: "我的未来 14 天" })).toBeVisible();
    await expect(page).toHaveTitle("我的未来 14 天 - 律所管理系统");
    await page.goto("/manage/settings/profile");
    await expect(page).toHaveTitle("个人资料 - 律所管理系统");
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    expect(token).toBeTruthy();
    expect(page.url()).not.toContain("token=");
    await expect(
      page.getByRole("navigation").getByRole("link", { name: "审计日志" }),
    ).toBeVisible();
    await expect(page.getByText("admin@mingde.example")).toBeVisible();
    await snap(page, "02-landing-profile");
  });

  test("returns to the page first asked for after signing in", async ({ page }) => {
    await page.goto("/manage/settings/workspaces");
    await expect(page).toHaveURL(/\/user-center\/login/);
    await signInOnUserCenter(page, "lawyer");
    await expect(page).toHaveURL(/\/manage\/settings\/workspaces$/);
    await expect(page.getByRole("heading", { name: "切换律所" })).toBeVisible();
  });
});

test("a member without rules sees not-authorized", async ({ page, request }) => {
  await signIn(page, request, "intern");
  await expect(page).toHaveURL(/\/manage\/not-authorized$/);
  await expect(page.getByRole("heading", { name: "无权访问" })).toBeVisible();
  await expect(page.getByRole("button", { name: "返回首页" })).toBeVisible();
  await snap(page, "03-not-authorized");

  await page.goto("/manage/settings/profile");
  await expect(page).toHaveURL(/\/manage\/not-authorized$/);
});

test("a lawyer cannot open the audit log", async ({ page, request }) => {
  await signIn(page, request, "lawyer");
  await expect(page).toHaveURL(/\/manage\/home$/);
  const nav = page.getByRole("navigation");
  // The Settings group is closed on the landing page: open it.
  await nav.getByRole("menuitem", { name: /设置/ }).first().click();
  await expect(nav.getByRole("link", { name: "个人资料" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "审计日志" })).toHaveCount(0);
  await page.goto("/manage/settings/audit-logs");
  await expect(page).toHaveURL(/\/manage\/not-authorized$/);
});

test("shows not-found for an unknown route", async ({ page, request }) => {
  await signIn(page, request, "admin");
  await page.goto("/manage/no/such/page");
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await expect(page).toHaveTitle("页面不存在 - 律所管理系统");
  await snap(page, "04-not-found");

  await page.getByRole("button", { name: "返回首页" }).click();
  await expect(page).toHaveURL(/\/manage\/home$/);

  await page.goto("/manage/pages/misc/not-found/404");
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
});

test("lists audit records with filters in the URL", async ({ page, request }) => {
  await signIn(page, request, "admin");
  // Members land on "My next 14 days"; on a settings page the Settings group is open.
  await page.goto("/manage/settings/profile");
  await page.getByRole("navigation").getByRole("link", { name: "审计日志" }).click();
  await expect(page.getByRole("heading", { name: "审计日志" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "登录" }).first()).toBeVisible();
  await snap(page, "05-audit-logs");

  await page.getByLabel("对象").fill("sessions");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/filters/);
  await page
    .getByRole("button", { name: /展开行|Expand row/ })
    .first()
    .click();
  await expect(page.getByText("修改后")).toBeVisible();
  await snap(page, "06-audit-log-expanded");
});

test("signs out, revokes the token and returns to the user center", async ({ page, request }) => {
  const token = await signIn(page, request, "admin");
  await page.getByRole("button", { name: /王建国主任/ }).click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();

  await expect(page).toHaveURL(/\/user-center\/logout/);
  await expect(page.getByRole("status")).toBeVisible();
  await snap(page, "07-signed-out");

  await page.goto("/user-center/login");
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem("accessToken"),
    rules: localStorage.getItem("userAbilityRules"),
    user: localStorage.getItem("userInfo"),
  }));
  expect(stored).toEqual({ token: null, rules: null, user: null });

  const res = await request.get("/api/user-service/user/get-login-user-info", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
});

test.describe("language", () => {
  test("the user-center page switches to English", async ({ page }) => {
    await page.goto("/manage");
    await expect(page).toHaveURL(/\/user-center\/login/);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByLabel("Username")).toBeVisible();
    await snap(page, "08-user-center-english");
    await signInOnUserCenter(page, "admin", {
      username: "Username",
      password: "Password",
      submit: "Sign in",
    });
    await expect(page).toHaveURL(/\/manage\/home$/);
  });

  test("the app switches to English and keeps it after a reload", async ({ page, request }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/settings/profile");
    await page.getByRole("button", { name: "语言：中文" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();

    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Profile - Law Firm Management System");
    await expect(page.getByText("Mingde Law Firm").first()).toBeVisible();
    await snap(page, "09-app-english");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();

    // The user center is asked for in the same language.
    await page.evaluate(() => localStorage.removeItem("accessToken"));
    await page.goto("/manage/settings/profile");
    await expect(page).toHaveURL(/\/user-center\/login\?.*lang=en/);
    await expect(page.getByLabel("Username")).toBeVisible();

    // The account keeps the language for its next sign-in: give the later specs their Chinese admin back.
    const token = await apiToken(request, "admin");
    const res = await request.put("/api/profile/preferences", {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: "zh-CN" },
    });
    expect(res.status()).toBe(200);
  });
});

test("switching workspace changes the firm without signing in again", async ({ page, request }) => {
  await useFirm(request, "partner", "明德律师事务所");
  await signIn(page, request, "partner");
  await page.goto("/manage/settings/workspaces");
  const current = page.getByRole("listitem").filter({ hasText: "当前" });
  await expect(current).toContainText("明德律师事务所");
  await snap(page, "10-workspaces");

  await page.getByRole("button", { name: "切换到 正衡律师事务所" }).click();
  await expect(page.getByText("已切换到 正衡律师事务所")).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/home$/);
  await page.goto("/manage/settings/profile");
  await expect(page.getByRole("cell", { name: "正衡律师事务所" })).toBeVisible();

  await page.getByRole("button", { name: /李明合伙人/ }).click();
  await expect(page.getByRole("menu").filter({ hasText: "退出登录" })).toContainText(
    "正衡律师事务所",
  );
  await page.keyboard.press("Escape");
  await snap(page, "11-after-switch");

  await page.goto("/manage/settings/workspaces");
  await expect(page.getByRole("listitem").filter({ hasText: "当前" })).toContainText(
    "正衡律师事务所",
  );
});

test("the menu becomes a drawer on a phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, "admin");
  await page.goto("/manage/settings/profile");
  await expect(page.getByRole("heading", { name: "个人资料" })).toBeVisible();
  await snap(page, "12-phone-profile");
  await page.getByRole("button", { name: "打开导航" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "审计日志" })).toBeVisible();
  await snap(page, "13-phone-drawer");
  await drawer.getByRole("link", { name: "审计日志" }).click();
  await expect(page.getByRole("heading", { name: "审计日志" })).toBeVisible();
  await expect(drawer).toBeHidden();
  await snap(page, "14-phone-audit-logs");
});

test("an API token is enough to open the app directly", async ({ page, request }) => {
  const token = await apiToken(request, "finance");
  await page.goto(`/manage/login?token=${token}`);
  await expect(page).toHaveURL(/\/manage\/home$/);
  await page.goto("/manage/settings/profile");
  await expect(page.getByRole("cell", { name: "刘芳", exact: true })).toBeVisible();
});
