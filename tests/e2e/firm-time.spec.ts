import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/** Today on the firm's (Beijing) calendar, whatever zone the test machine is in. */
const firmToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });

const api = async (request: APIRequestContext, who: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, who)}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()).data,
    post: async (url: string, data: unknown) => request.post(url, { headers, data }),
  };
};

/** The first formal case the lawyer leads (the seed puts its hearing on it; the partner supervises it). */
const firstCase = async (request: APIRequestContext) =>
  (await (await api(request, "lawyer")).get("/api/my-agenda")).hearings[0].caseId as string;

const LANGS = [
  {
    lang: "zh-CN",
    calendar: "日程",
    firm: "律所",
    zoneLabel: "时区",
    signOut: "退出登录",
    signedIn: /当前登录：赵磊实习生（明德律师事务所）/,
    confirm: "复核确认",
    confirmed: "关键日期已确认",
    keyDates: /关键日期/,
  },
  {
    lang: "en",
    calendar: "Calendar",
    firm: "Firm",
    zoneLabel: "Time zone",
    signOut: "Sign out",
    signedIn: /Signed in as 赵磊实习生 in Mingde Law Firm/,
    confirm: "Confirm",
    confirmed: "Key date confirmed",
    keyDates: /Key dates/,
  },
] as const;

const inLanguage = async (page: Page, lang: string) => {
  await page.evaluate((l) => localStorage.setItem("language", l), lang);
  await page.reload();
};

for (const L of LANGS) {
  test.describe(`firm time and key dates (${L.lang})`, () => {
    // A partner travelling: the browser is in New York, the firm in Beijing.
    test.use({ timezoneId: "America/New_York", locale: L.lang });
    test.afterEach(async ({ page }) => {
      await page.evaluate(() => localStorage.setItem("language", "zh-CN")).catch(() => undefined);
    });

    test("a 09:30 Beijing hearing reads 09:30 (UTC+8) on the calendar and the home page in New York", async ({
      page,
      request,
    }) => {
      const caseId = await firstCase(request);
      const title = `时区庭审 ${L.lang} ${Date.now() % 100000}`;
      const lawyer = await api(request, "lawyer");
      const day = firmToday();
      const added = await lawyer.post(`/api/cases/${caseId}/key-dates`, {
        deadlineType: "hearing",
        source: "court-notice",
        title,
        dueDate: day,
        startsAt: `${day}T09:30:00+08:00`,
        court: "朝阳法院",
      });
      expect(added.status(), await added.text()).toBe(200);

      await signIn(page, request, "lawyer");
      await inLanguage(page, L.lang);
      await page.goto("/manage/home");
      // Listed under hearings and again under awaiting sign-off: the first is the hearing.
      const item = page.getByRole("listitem").filter({ hasText: title }).first();
      await expect(item).toContainText("09:30 (UTC+8)");
      await expect(page.getByRole("note")).toContainText("Asia/Shanghai");
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await snap(page, `firm-time-home-${L.lang}-${width}`);
      }

      // FullCalendar is a chunk of its own: its first load on a fresh, busy server takes a while.
      await page.goto("/manage/calendar");
      await expect(page.getByRole("heading", { name: L.calendar })).toBeVisible({
        timeout: 30_000,
      });
      // The hearing sits on the firm's day with the firm's hour, not 20:30 the evening before.
      const event = page
        .locator(`td[data-date="${day}"] .fc-event`, { hasText: title.slice(0, 8) })
        .first();
      await expect(event).toBeVisible();
      await expect(event).toContainText("09:30");
      await expect(page.getByRole("note")).toContainText("UTC+8");
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await snap(page, `firm-time-calendar-${L.lang}-${width}`);
      }
    });

    test("an admin sees the firm's time zone under Settings; a lawyer does not", async ({
      page,
      request,
    }) => {
      await signIn(page, request, "admin");
      await inLanguage(page, L.lang);
      await page.goto("/manage/settings/preferences");
      await expect(page.getByRole("heading", { name: L.firm })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("Asia/Shanghai (UTC+8)")).toBeVisible();
      await snap(page, `firm-time-settings-${L.lang}`);
      await signIn(page, request, "lawyer");
      await page.goto("/manage/settings/preferences");
      await expect(page.getByRole("combobox", { name: L.zoneLabel })).toHaveCount(0);
    });

    test("a member with no rights sees who is signed in and can sign out", async ({
      page,
      request,
    }) => {
      await signIn(page, request, "intern");
      await inLanguage(page, L.lang);
      await expect(page).toHaveURL(/\/manage\/not-authorized$/);
      await expect(page.getByText(L.signedIn)).toBeVisible();
      await snap(page, `firm-time-not-authorized-${L.lang}`);
      await page.getByRole("button", { name: L.signOut }).click();
      // Signed out through the user center, which sends the browser back to sign in.
      await expect(page).toHaveURL(/\/user-center\/(login|logout)/);
      expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    });

    test("confirming a key date says so, and the row shows who confirmed it and when", async ({
      page,
      request,
    }) => {
      const caseId = await firstCase(request);
      const title = `复核反馈 ${L.lang} ${Date.now() % 100000}`;
      const lawyer = await api(request, "lawyer");
      const added = await lawyer.post(`/api/cases/${caseId}/key-dates`, {
        deadlineType: "evidence",
        source: "manual",
        title,
        dueDate: firmToday(),
      });
      expect(added.status(), await added.text()).toBe(200);
      await useFirm(request, "partner", "明德律师事务所");
      await signIn(page, request, "partner");
      await inLanguage(page, L.lang);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/manage/cases/${caseId}/key-dates`);
      // The first paint of a case page waits for its data on a loaded machine.
      await expect(page.getByRole("heading", { name: L.keyDates })).toBeVisible({
        timeout: 30_000,
      });
      const row = page.getByRole("row").filter({ hasText: title });
      await row.getByRole("button", { name: L.confirm }).click();
      await expect(toast(page)).toContainText(L.confirmed);
      await expect(row).toContainText(
        new RegExp(`李明 · ${firmToday()} \\d{2}:\\d{2} \\(UTC\\+8\\)`),
      );
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await snap(page, `firm-time-key-dates-${L.lang}-${width}`);
      }
    });
  });
}
