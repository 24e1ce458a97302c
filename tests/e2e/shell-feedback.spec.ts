import { type Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";
import { LABELS, LANGS, useLanguage } from "./shell-helpers";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** antd spaces out two-character Chinese button labels ("保 存"). */
const buttonName = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

/** Saving the profile form is a real action that ends with a success toast. */
const saveProfile = async (page: Page, lang: keyof typeof LABELS) => {
  const L = LABELS[lang];
  await page.getByRole("button", { name: L.edit }).click();
  const dialog = page.getByRole("dialog", { name: L.edit });
  await dialog.getByRole("button", { name: buttonName(L.save) }).click();
  await expect(dialog).toHaveCount(0);
  const toast = page.getByTestId("app-toast");
  await expect(toast).toContainText(L.saved);
  return toast;
};

/**
 * Saves and puts the pointer on the toast. It lives 2 s; on a loaded machine the pointer can land
 * after it has gone, and then there is nothing to pause: save again, at most three times.
 */
const saveWithPointerOnToast = async (page: Page, lang: keyof typeof LABELS) => {
  for (let attempt = 1; ; attempt += 1) {
    const toast = await saveProfile(page, lang);
    const landed = await toast
      .hover({ timeout: 1500 })
      .then(() => toast.isVisible())
      .catch(() => false);
    if (landed) return toast;
    if (attempt === 3)
      throw new Error("the toast was gone before the pointer reached it, three times");
    await expect(toast).toBeHidden();
  }
};

for (const lang of LANGS) {
  const L = LABELS[lang];
  const user = lang === "en" ? "finance" : "assistant";

  test.describe(`feedback (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test("toast pauses while hovered and hides on a vertical swipe", async ({ page, request }) => {
      await signIn(page, request, user);
      // The profile page (members land on "My next 14 days") has a form to save.
      await page.goto("/manage/settings/profile");
      let toast = await saveWithPointerOnToast(page, lang);
      await expect(toast.locator(".anticon-check-circle")).toBeVisible();
      await page.waitForTimeout(3000);
      await expect(toast).toBeVisible();
      await page.mouse.move(5, 790);
      await expect(toast).toBeHidden({ timeout: 4000 });

      toast = await saveWithPointerOnToast(page, lang);
      const box = await toast.boundingBox();
      if (!box) throw new Error("no toast box");
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.down();
      await page.mouse.move(x, y + 30, { steps: 3 });
      await expect(toast).toBeVisible();
      await page.mouse.move(x, y + 80, { steps: 3 });
      await page.mouse.up();
      await expect(toast).toBeHidden({ timeout: 500 });
    });

    test("the global dialog stays open on outside clicks and leaves the page scrollable", async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 1280, height: 420 });
      await signIn(page, request, user);
      // The profile page (members land on "My next 14 days") has a form to save.
      await page.goto("/manage/settings/profile");
      await page.getByRole("button", { name: L.edit }).click();
      const dialog = page.getByRole("dialog", { name: L.edit });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveClass(/global-dialog/);
      await expect(page.locator(".global-dialog-scrim")).toHaveCount(0);

      await page.mouse.click(300, 300);
      await expect(dialog).toBeVisible();
      await page.mouse.move(300, 300);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(dialog).toBeVisible();
      await snap(page, `shell-dialog-${lang}`);

      await dialog.getByRole("button", { name: buttonName(L.cancel) }).click();
      await expect(dialog).toHaveCount(0);
    });
  });
}

test("a notification sent by the server appears in the bell without a reload", async ({
  page,
  request,
}) => {
  const lawyer = await signIn(page, request, "lawyer");
  const me = await (await request.get("/api/profile", { headers: bearer(lawyer) })).json();
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toBeVisible();
  const before = Number(
    (await bell
      .locator(".notification-count")
      .textContent()
      .catch(() => "0")) || 0,
  );
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  // Unique per run: the e2e database outlives a run (--repeat-each, a rerun on the same server).
  const title = `事务所年会通知 ${Date.now()}`;

  const admin = await apiToken(request, "admin");
  const sent = await request.post("/api/notifications/announcements", {
    headers: bearer(admin),
    data: { title, body: "周五下午三点", userIds: [String(me.data.id)] },
  });
  expect(sent.status()).toBe(200);

  await expect(bell.locator(".notification-count")).toHaveText(String(before + 1));
  await expect(page.getByTestId("app-toast")).toContainText(title);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await bell.click();
  const item = page.locator(".notification-item", { hasText: title });
  await expect(item).toBeVisible();
  await snap(page, "shell-notifications-bell");
  await item.click();
  await expect(bell.locator(".notification-count")).toHaveCount(before === 0 ? 0 : 1);
});

test("notification tabs are kept alive: each keeps its filter", async ({ page, request }) => {
  await signIn(page, request, "admin");
  await page.goto("/manage/notifications/all");
  await expect(page.getByRole("heading", { name: "通知" })).toBeVisible();
  const visible = page.locator(".keep-alive-page:not([hidden])");
  await visible.getByRole("combobox", { name: "类型" }).click();
  await page.locator(".ant-select-item-option", { hasText: "系统" }).click();
  await expect(visible.locator(".ant-select-selection-item")).toHaveText("系统");

  await visible.getByRole("tab", { name: "未读" }).click();
  await expect(page).toHaveURL(/\/notifications\/unread$/);
  await expect(
    page.locator(".keep-alive-page:not([hidden])").locator(".ant-select-selection-item"),
  ).toHaveCount(0);

  await page.locator(".keep-alive-page:not([hidden])").getByRole("tab", { name: "全部" }).click();
  await expect(page).toHaveURL(/\/notifications\/all$/);
  await expect(
    page.locator(".keep-alive-page:not([hidden])").locator(".ant-select-selection-item"),
  ).toHaveText("系统");
  await expect(page.locator(".keep-alive-page")).toHaveCount(2);
});

test("switching workspace changes the menu without signing in again", async ({ page, request }) => {
  // Firm 2 gives its partner role the audit log; firm 1 does not.
  const admin2 = await apiToken(request, "admin2");
  const roles = (await (await request.get("/api/roles", { headers: bearer(admin2) })).json())
    .data as Array<{
    id: string;
    code: string;
    version: number;
    rules: unknown[];
  }>;
  const partnerRole = roles.find((r) => r.code === "partner");
  if (!partnerRole) throw new Error("no partner role");
  const updated = await request.put(`/api/roles/${partnerRole.id}/rules`, {
    headers: bearer(admin2),
    data: {
      rules: [...partnerRole.rules, { action: "read", subject: "AUDIT_LOG" }],
      version: partnerRole.version,
    },
  });
  expect(updated.status()).toBe(200);

  await useFirm(request, "partner", "明德律师事务所");

  await signIn(page, request, "partner");
  // On a settings page the Settings group is open (members land on "My next 14 days").
  await page.goto("/manage/settings/profile");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "个人资料" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "审计日志" })).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

  await page.getByTestId("user-menu").click();
  await page.locator(".ant-dropdown-menu").getByRole("menuitem", { name: "切换律所" }).click();
  await expect(page.locator(".workspace-item.is-current")).toContainText("明德律师事务所");
  await page.getByRole("button", { name: "切换到 正衡律师事务所" }).click();
  await expect(page.getByTestId("app-toast")).toContainText("正衡律师事务所");
  // The switch lands on "My next 14 days" with Settings closed: the entry is there, folded away.
  await expect(nav.getByRole("link", { name: "审计日志", includeHidden: true })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goto("/manage/settings/profile");
  await page.getByTestId("user-menu").click();
  await page.locator(".ant-dropdown-menu").getByRole("menuitem", { name: "切换律所" }).click();
  await expect(page.locator(".workspace-item.is-current")).toContainText("正衡律师事务所");
});
