import type { Page } from "@playwright/test";

import { axeFindings } from "./fees-steps";
import { apiToken, confirmDialog, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 30, scheduled reports: a lawyer subscribes to a report from its card on the dashboard
 * (monthly, a day, an hour, what it covers, a scope the lawyer may view), finds it under "My
 * subscriptions", pauses, resumes, edits and deletes it, with the keyboard where a person would;
 * the dialog and the list are axe-clean (WCAG 2.1 AA).
 */
const TEXT = {
  "zh-CN": {
    report: "每月新收案件（按案件类型）",
    subscribe: "订阅",
    dialog: "订阅「每月新收案件（按案件类型）」",
    cadence: "频率",
    monthly: "每月",
    day: "日期",
    hour: "时间",
    period: "统计期间",
    quarter: "本季度至今",
    scope: "范围",
    me: "本人",
    tab: "我的订阅",
    schedule: "每月 15 日 18:00",
    edited: "每月 15 日 7:00",
    active: "已启用",
    paused: "已暂停",
    pause: "暂停",
    resume: "恢复",
    edit: "编辑",
    save: "保存",
    delete: "删除",
  },
  en: {
    report: "New cases by month and type",
    subscribe: "Subscribe",
    dialog: "Subscribe to New cases by month and type",
    cadence: "Frequency",
    monthly: "Monthly",
    day: "Day of the month",
    hour: "Hour",
    period: "Covers",
    quarter: "Quarter to date",
    scope: "Scope",
    me: "Me",
    tab: "My subscriptions",
    schedule: "Day 15 of every month at 18:00",
    edited: "Day 15 of every month at 7:00",
    active: "Active",
    paused: "Paused",
    pause: "Pause",
    resume: "Resume",
    edit: "Edit",
    save: "Save",
    delete: "Delete",
  },
} as const;

/** A button's text as antd shows it: two CJK characters get a space between them ("订 阅"). */
const buttonText = (text: string) => new RegExp(`^${[...text].join("\\s?")}$`);

/** Opens the labelled antd select and picks the option. */
const choose = async (
  page: Page,
  dialog: ReturnType<Page["getByRole"]>,
  label: string,
  option: string,
) => {
  await dialog
    .getByLabel(label, { exact: true })
    .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
    .click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
};

test.describe("scheduled reports", () => {
  test.describe.configure({ mode: "serial" });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`a lawyer subscribes from the dashboard and manages it (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const T = TEXT[lang];
      await signIn(page, request, "lawyer");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto("/manage/reports");
      const card = page.locator('[data-report="new-cases"]');
      await expect(card).toBeVisible();
      // The card's button reads "Subscribe" and names its report to a screen reader.
      const button = card.getByRole("button", { name: new RegExp(T.subscribe) });
      await expect(button).toContainText(T.subscribe);
      await button.click();

      const dialog = page.getByRole("dialog", { name: T.dialog });
      await expect(dialog).toBeVisible();
      await choose(page, dialog, T.cadence, T.monthly);
      await choose(page, dialog, T.day, lang === "en" ? "Day 15" : "15 日");
      // The hour by keyboard: focus the select, open it, ten hours down from 8:00, Enter picks.
      await dialog.getByLabel(T.hour, { exact: true }).focus();
      await page.keyboard.press("ArrowDown");
      // The day's list may still be sliding away: wait for the one that is opening.
      await expect(
        page.locator(".ant-select-dropdown:visible:not(.ant-slide-up-leave)").filter({
          hasText: "18:00",
        }),
      ).toBeVisible();
      for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(dialog.getByTitle("18:00", { exact: true })).toBeVisible();
      await choose(page, dialog, T.period, T.quarter);
      await choose(page, dialog, T.scope, T.me);
      await snap(page, `report-subscriptions-dialog-${lang}`);
      const dialogFindings = await axeFindings(page, `subscribe dialog ${lang}`, ".ant-modal");
      await confirmDialog(dialog, buttonText(T.subscribe));

      // It is under "My subscriptions", as chosen.
      await page.getByRole("tab", { name: T.tab }).click();
      await expect(page).toHaveURL(/tab=subscriptions/);
      const row = page.getByRole("row", { name: new RegExp(T.report) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(T.schedule);
      await expect(row).toContainText(T.quarter);
      await expect(row).toContainText(T.me);
      await expect(row).toContainText(T.active);
      await snap(page, `report-subscriptions-list-${lang}`);
      const listFindings = await axeFindings(page, `subscriptions list ${lang}`);
      expect([...dialogFindings, ...listFindings], "WCAG 2.1 AA findings").toEqual([]);

      // Pause and resume, by keyboard.
      const pause = row.getByRole("button", { name: new RegExp(T.pause) });
      await pause.focus();
      await page.keyboard.press("Enter");
      await expect(row).toContainText(T.paused);
      await row.getByRole("button", { name: new RegExp(T.resume) }).click();
      await expect(row).toContainText(T.active);

      // Edit the hour.
      await row.getByRole("button", { name: new RegExp(T.edit) }).click();
      const edit = page.getByRole("dialog");
      await choose(page, edit, T.hour, "7:00");
      await confirmDialog(edit, buttonText(T.save));
      await expect(row).toContainText(T.edited);

      // The server has it as the screens say.
      const token = await apiToken(request, "lawyer");
      const mine = await request.get("/api/report-subscriptions", {
        headers: { authorization: `Bearer ${token}` },
      });
      const subs = (await mine.json()).data as Record<string, unknown>[];
      expect(subs.find((s) => s.reportKey === "new-cases")).toMatchObject({
        cadence: "monthly",
        monthDay: 15,
        hour: 7,
        period: "quarter",
        scope: "me",
        language: lang,
        isActive: true,
      });

      // Delete, confirmed.
      await row.getByRole("button", { name: new RegExp(T.delete) }).click();
      await page
        .locator(".ant-popconfirm")
        .getByRole("button", { name: buttonText(T.delete) })
        .click();
      await expect(row).toBeHidden();
      await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    });
  }
});
