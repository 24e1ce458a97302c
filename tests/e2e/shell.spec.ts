import { apiToken, signIn } from "./helpers";
import { expect, test } from "./page-errors";
import {
  chooseSetting,
  cookieOf,
  expectChecked,
  expectPreferenceCookie,
  LABELS,
  LANGS,
  localLayout,
  settingRow,
  useLanguage,
} from "./shell-helpers";

/** Different demo users per language: preferences are also stored per user on the server. */
const USERS = { "zh-CN": "assistant", en: "finance" } as const;

for (const lang of LANGS) {
  const L = LABELS[lang];

  test.describe(`app shell (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test("every preference survives a reload, in the right cookie or storage and on the server", async ({
      page,
      context,
      request,
    }) => {
      const token = await signIn(page, request, USERS[lang]);
      await page.goto("/manage/settings/preferences");
      await expect(page.getByRole("heading", { name: L.settingsTitle, exact: true })).toBeVisible();

      await chooseSetting(page, L.theme, L.dark);
      await chooseSetting(page, L.skin, L.bordered);
      await chooseSetting(page, L.contentWidth, L.fluid);
      await chooseSetting(page, L.footerType, L.sticky);
      await chooseSetting(page, L.navLayout, L.collapsed);
      await settingRow(page, L.navbarBlur).getByRole("switch").click();
      await settingRow(page, L.isRtl).getByRole("switch").click();
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

      await page.reload();
      await expect(page.getByRole("heading", { name: L.settingsTitle, exact: true })).toBeVisible();
      await expectChecked(page, L.theme, L.dark);
      await expectChecked(page, L.skin, L.bordered);
      await expectChecked(page, L.contentWidth, L.fluid);
      await expectChecked(page, L.footerType, L.sticky);
      await expectChecked(page, L.navLayout, L.collapsed);
      await expect(settingRow(page, L.navbarBlur).getByRole("switch")).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await expect(settingRow(page, L.isRtl).getByRole("switch")).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator(".app-sider.ant-layout-sider-collapsed")).toBeVisible();

      await expectPreferenceCookie(context, "theme", "dark");
      await expectPreferenceCookie(context, "color-scheme", "dark");
      await expectPreferenceCookie(context, "skin", "bordered");
      await expectPreferenceCookie(context, "navbar-blur", "false");
      await expectPreferenceCookie(context, "nav-collapsed", "true");
      await expectPreferenceCookie(context, "content-width", "fluid");
      expect(await localLayout(page)).toEqual({
        navLayout: "collapsed",
        navbarType: "sticky",
        footerType: "sticky",
        isRtl: true,
      });

      const res = await request.get("/api/profile/preferences", {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect((await res.json()).data).toMatchObject({
        theme: "dark",
        skin: "bordered",
        contentWidth: "fluid",
        footerType: "sticky",
        navLayout: "collapsed",
        navCollapsed: true,
        navbarBlur: false,
        isRtl: true,
      });

      // Back to the defaults for the other tests of this user.
      await chooseSetting(page, L.navLayout, L.vertical);
      await settingRow(page, L.isRtl).getByRole("switch").click();
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await expectPreferenceCookie(context, "nav-collapsed", "false");
    });

    test("system theme follows the operating system live", async ({ page, context, request }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await signIn(page, request, USERS[lang]);
      await page.goto("/manage/settings/preferences");
      await chooseSetting(page, L.theme, L.system);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect.poll(async () => (await cookieOf(context, "color-scheme"))?.value).toBe("dark");
      // The initial loader's colours follow (index.html reads these variables).
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.documentElement.style.getPropertyValue("--initial-loader-bg"),
          ),
        )
        .toBe("#141414");
      await expectPreferenceCookie(context, "theme", "system");

      await page.emulateMedia({ colorScheme: "light" });
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    });

    test("horizontal navigation keeps the navbar; narrow screens stay vertical", async ({
      page,
      request,
    }) => {
      await signIn(page, request, USERS[lang]);
      await page.goto("/manage/settings/preferences");
      await chooseSetting(page, L.navbarType, L.hidden);
      await expect(page.locator(".app-navbar")).toHaveCount(0);

      await chooseSetting(page, L.navLayout, L.horizontal);
      await expect(page.locator(".app-navbar")).toBeVisible();
      await expect(page.locator(".app-horizontal-nav .ant-menu-horizontal")).toBeVisible();
      await expect(page.locator(".app-sider")).toHaveCount(0);
      await expectChecked(page, L.navbarType, L.sticky);
      // While horizontal, "hidden" is refused.
      await chooseSetting(page, L.navbarType, L.hidden);
      await expectChecked(page, L.navbarType, L.sticky);

      await page.setViewportSize({ width: 1100, height: 800 });
      await expect(page.locator(".app-horizontal-nav")).toHaveCount(0);
      await expect(page.locator(".app-layout.nav-vertical")).toBeVisible();
      await page.locator(".app-navbar-row button").first().click();
      await expect(page.locator(".app-nav-drawer")).toBeVisible();

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.locator(".app-horizontal-nav")).toBeVisible();
      await chooseSetting(page, L.navLayout, L.vertical);
      await expect(page.locator(".app-sider")).toBeVisible();
    });
  });
}

test("switching the language stores it, sets lang and direction, and reloads", async ({
  page,
  request,
}) => {
  await signIn(page, request, "lawyer");
  await page.goto("/manage/settings/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole("button", { name: "语言：中文" }).click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  expect(
    await page.evaluate(() => (window as unknown as { marker?: number }).marker),
  ).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Profile - Law Firm Management System");

  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitem", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "个人资料", exact: true })).toBeVisible();
  const token = await apiToken(request, "lawyer");
  const prefs = await request.get("/api/profile/preferences", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await prefs.json()).data.language).toBe("zh-CN");
});
