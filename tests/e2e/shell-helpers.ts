import { type BrowserContext, expect, type Page } from "@playwright/test";

/** The settings page's labels in both languages (locales settings.*). */
export const LABELS = {
  "zh-CN": {
    settingsTitle: "界面设置",
    theme: "主题",
    skin: "皮肤",
    navLayout: "导航",
    contentWidth: "内容宽度",
    navbarType: "顶栏",
    navbarBlur: "顶栏模糊",
    footerType: "页脚",
    isRtl: "从右到左",
    light: "浅色",
    dark: "深色",
    system: "跟随系统",
    bordered: "边框",
    vertical: "垂直",
    horizontal: "水平",
    collapsed: "折叠",
    boxed: "居中",
    fluid: "铺满",
    sticky: "固定",
    hidden: "隐藏",
    static: "静态",
    profile: "个人资料",
    edit: "编辑资料",
    save: "保存",
    cancel: "取消",
    saved: "个人资料已保存",
    auditLog: "审计日志",
  },
  en: {
    settingsTitle: "Interface settings",
    theme: "Theme",
    skin: "Skin",
    navLayout: "Navigation",
    contentWidth: "Content width",
    navbarType: "Navbar",
    navbarBlur: "Blurred navbar",
    footerType: "Footer",
    isRtl: "Right to left",
    light: "Light",
    dark: "Dark",
    system: "System",
    bordered: "Bordered",
    vertical: "Vertical",
    horizontal: "Horizontal",
    collapsed: "Collapsed",
    boxed: "Boxed",
    fluid: "Fluid",
    sticky: "Sticky",
    hidden: "Hidden",
    static: "Static",
    profile: "Profile",
    edit: "Edit profile",
    save: "Save",
    cancel: "Cancel",
    saved: "Profile saved",
    auditLog: "Audit log",
  },
} as const;

export type Lang = keyof typeof LABELS;
export const LANGS: Lang[] = ["zh-CN", "en"];

/** Starts the browser in a language the way the switcher leaves it (localStorage `language`). */
export const useLanguage = async (page: Page, lang: Lang) => {
  await page.addInitScript((value) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", value);
  }, lang);
};

/** One row of the settings form, found by its label. */
export const settingRow = (page: Page, label: string) =>
  page
    .locator(".ant-form-item")
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

export const chooseSetting = async (page: Page, label: string, option: string) => {
  await settingRow(page, label).getByText(option, { exact: true }).click();
};

export const expectChecked = async (page: Page, label: string, option: string) => {
  await expect(
    settingRow(page, label).locator(".ant-radio-button-wrapper-checked", { hasText: option }),
  ).toHaveCount(1);
};

export const cookieOf = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === `law-manage-${name}`);

/** 30 days, path "/". */
export const expectPreferenceCookie = async (
  context: BrowserContext,
  name: string,
  value: string,
) => {
  const cookie = await cookieOf(context, name);
  expect(cookie, name).toBeTruthy();
  expect(cookie?.value).toBe(value);
  expect(cookie?.path).toBe("/");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(2_592_000 - 120);
  expect(lifetime).toBeLessThanOrEqual(2_592_000 + 5);
};

export const localLayout = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem("law-manage-layout") ?? "{}") as Record<string, unknown>,
  );
