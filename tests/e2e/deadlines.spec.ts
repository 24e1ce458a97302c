import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

const shanghaiToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });
const plusDays = (n: number) => {
  const d = new Date(`${shanghaiToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const api = async (request: APIRequestContext, who: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, who)}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()).data,
    post: async (url: string, data: unknown) => request.post(url, { headers, data }),
  };
};

/** The first formal case the lawyer leads (the seed puts deadlines on it). */
const firstCase = async (request: APIRequestContext) => {
  const lawyer = await api(request, "lawyer");
  const agenda = await lawyer.get("/api/my-agenda");
  return agenda.hearings[0].caseId as string;
};

/** Dark theme through the preference cookie the app reads on load. */
/** Picks a choice in the open antd Select dropdown (its role=option list is for screen readers only). */
const choose = (page: Page, text: string | RegExp) =>
  page
    .locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text })
    .first()
    .click();

const setDark = async (page: Page) => {
  await page
    .context()
    .addCookies([
      { name: "law-manage-theme", value: "dark", domain: new URL(page.url()).hostname, path: "/" },
    ]);
};

test.describe("deadlines, calendar and tasks", () => {
  // The firm's time zone: hearings and events show at their Beijing time.
  test.use({ timezoneId: "Asia/Shanghai" });
  test("the home page shows my next 14 days: hearing, overdue and unconfirmed deadlines, tasks, approvals", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "lawyer");
    await expect(page).toHaveURL(/\/manage\/home$/);
    await expect(page.getByRole("heading", { name: "我的未来 14 天" })).toBeVisible();
    await expect(page.getByRole("link", { name: "第一次开庭" })).toBeVisible();
    await expect(page.getByText(/已逾期/).first()).toBeVisible();
    await expect(
      page.getByRole("link", { name: "冻结银行存款到期（需申请续冻）" }).first(),
    ).toBeVisible();
    await expect(page.getByText("待复核").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "向客户报告庭审安排" })).toBeVisible();
    await expect(page.getByText("待我审批")).toBeVisible();
    await snap(page, "deadlines-home-light");
    await setDark(page);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("heading", { name: "我的未来 14 天" })).toBeVisible();
    await snap(page, "deadlines-home-dark");
  });

  test("the calendar shows hearings and deadlines; a meeting moves by drag and drop", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "lawyer");
    await page.goto("/manage/calendar");
    await expect(page.getByRole("heading", { name: "日程" })).toBeVisible();
    const meeting = page.locator(".fc-event", { hasText: "部门例会" }).first();
    await expect(meeting).toBeVisible();
    await expect(page.locator(".fc-event", { hasText: "第一次开庭" }).first()).toBeVisible();
    await snap(page, "deadlines-calendar-month-light");

    // At 1280 px the month grid stays inside its card, also after its box narrows with no window
    // resize (the navigation expanding again), which once cut off the Saturday column.
    await page.setViewportSize({ width: 1280, height: 800 });
    const card = page.locator(".deadlines-calendar .ant-card");
    const table = page.locator(".fc-daygrid-body table");
    const rightOf = async (l: Locator) => {
      const b = (await l.boundingBox())!;
      return b.x + b.width;
    };
    const gridFits = async () => {
      const cardRight = await rightOf(card);
      for (const part of [
        page.locator(".fc-scrollgrid"),
        table,
        page.locator(".fc-col-header-cell.fc-day-sat"),
      ])
        expect(await rightOf(part)).toBeLessThanOrEqual(cardRight);
    };
    await gridFits();
    const narrow = (await table.boundingBox())!.width;
    const toggle = page.getByRole("button", { name: "收起或展开导航" });
    await toggle.click();
    await expect(async () =>
      expect((await table.boundingBox())!.width).toBeGreaterThan(narrow + 100),
    ).toPass();
    await toggle.click();
    await expect(gridFits).toPass();

    // Drag the meeting one day on (within the visible month; else one day back).
    const from = plusDays(2);
    const target = page.locator(`td.fc-daygrid-day[data-date="${plusDays(3)}"]`);
    const back = page.locator(`td.fc-daygrid-day[data-date="${plusDays(1)}"]`);
    const to = (await target.count()) > 0 ? plusDays(3) : plusDays(1);
    const cell = (await target.count()) > 0 ? target : back;
    const box = (await meeting.boundingBox())!;
    const dest = (await cell.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5, { steps: 5 });
    await page.mouse.move(dest.x + dest.width / 2, dest.y + dest.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText("日程已调整")).toBeVisible();
    const lawyer = await api(request, "lawyer");
    const items = (await lawyer.get(
      `/api/calendar?from=${plusDays(-7)}&to=${plusDays(30)}&scope=me`,
    )) as { title: string; start: string }[];
    const moved = items.find((i) => i.title === "部门例会")!;
    expect(new Date(moved.start).toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" })).toBe(
      to,
    );
    expect(to).not.toBe(from);

    await page.getByRole("button", { name: "列表" }).click();
    // The list shows one calendar month: near a month's end the hearing (in four days) is in the next.
    if (
      !(await page
        .getByText("第一次开庭")
        .first()
        .isVisible()
        .catch(() => false))
    )
      await page.locator(".fc-next-button").click();
    await expect(page.getByText("第一次开庭").first()).toBeVisible();
    await snap(page, "deadlines-calendar-agenda-light");
    await setDark(page);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator(".fc-event", { hasText: "第一次开庭" }).first()).toBeVisible();
    await snap(page, "deadlines-calendar-month-dark");
  });

  test("subscribes to the iCal feed and fetches it", async ({ page, request }) => {
    await signIn(page, request, "lawyer");
    await page.goto("/manage/calendar");
    await page.getByRole("button", { name: "订阅日历" }).click();
    const dialog = page.getByRole("dialog", { name: "日历订阅（iCal）" });
    await dialog.getByRole("button", { name: /开启订阅|重新生成链接/ }).click();
    const url = (await dialog.getByLabel("订阅链接").innerText()).trim();
    expect(url).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]{32}\.ics$/);
    await snap(page, "deadlines-feed-light");
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const text = await feed.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("第一次开庭");
  });

  test("enters a served judgment, sees the 15-day appeal deadline with its rule, confirms it as a second user, sees it on the calendar and home", async ({
    page,
    request,
  }, testInfo) => {
    const caseId = await firstCase(request);
    // The seed has a judgment served ten days ago on this case: this one is told apart by its
    // trigger, a day of its own on each retry or repeat.
    const back = testInfo.retry + testInfo.repeatEachIndex;
    const served = plusDays(-4 - back);
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/cases/${caseId}/key-dates`);
    await expect(page.getByRole("heading", { name: /关键日期/ })).toBeVisible();
    await page.getByRole("button", { name: "添加关键日期" }).click();
    const dialog = page.getByRole("dialog", { name: "添加关键日期" });
    await dialog.getByLabel("类型").click();
    await choose(page, /^上诉期$/);
    await dialog.getByLabel("计算规则").click();
    await choose(page, /对判决的上诉期/);
    await dialog.getByLabel("判决书送达").fill(served);
    await dialog.getByLabel("判决书送达").press("Enter");
    const computed = dialog.getByText(/计算结果：\d{4}-\d{2}-\d{2} 到期/);
    await expect(computed).toBeVisible();
    await expect(dialog.getByText(/依据：对判决的上诉期（15 日/)).toBeVisible();
    const due = (await computed.innerText()).match(/\d{4}-\d{2}-\d{2}/)![0];
    // Fifteen days after service, or the next working day.
    expect(due >= plusDays(11 - back)).toBe(true);
    // Reminders are typed freely in whole days: 400 is refused, 10 and 2 are kept.
    await dialog.getByLabel("提醒（提前天数）").click();
    await page.keyboard.type("400");
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("提醒须为到期前的整数天数，0 至 365")).toBeVisible();
    // The refused day is taken out by its tag's own remove button (a Backspace racing the tag's
    // creation removed a typed digit instead on a loaded machine).
    await dialog
      .locator(".ant-select-selection-item", { hasText: /^400$/ })
      .locator(".ant-select-selection-item-remove")
      .click();
    await expect(dialog.locator(".ant-select-selection-item", { hasText: /^400$/ })).toHaveCount(0);
    await dialog.getByLabel("提醒（提前天数）").click();
    await page.keyboard.type("10,2,");
    await expect(dialog.getByText("提醒须为到期前的整数天数，0 至 365")).toBeHidden();
    await snap(page, "deadlines-key-date-form-light");
    await dialog.getByRole("button", { name: /保\s*存/ }).click();
    const row = page
      .getByRole("row", { name: /对判决的上诉期/ })
      .filter({ hasText: `起算：${served}` });
    await expect(row).toContainText(due);
    await expect(row).toContainText("待复核");
    const lawyer = await api(request, "lawyer");
    const saved = (
      (await lawyer.get(`/api/cases/${caseId}/key-dates`)) as {
        triggerDate: string;
        reminderOffsets: number[];
      }[]
    ).find((k) => k.triggerDate === served);
    expect(saved?.reminderOffsets).toEqual([10, 2]);
    // The one who entered it cannot sign it off: the button is disabled and says why.
    const own = row.getByRole("button", { name: /复核确认/ });
    await expect(own).toBeDisabled();
    await expect(own).toHaveAccessibleName(/录入人不能复核/);
    await snap(page, "deadlines-key-dates-light");

    await signIn(page, request, "partner");
    await page.goto(`/manage/cases/${caseId}/key-dates`);
    await row.getByRole("button", { name: "复核确认" }).click();
    await expect(row).toContainText("已复核");

    await signIn(page, request, "lawyer");
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: due })
        .getByRole("link", { name: "对判决的上诉期" })
        .first(),
    ).toBeVisible();
    await page.goto("/manage/calendar");
    const cell = page.locator(`td[data-date="${due}"]`);
    if (
      !(await cell
        .first()
        .isVisible()
        .catch(() => false))
    )
      await page.locator(".fc-next-button").click();
    await expect(
      page.locator(`td[data-date="${due}"] .fc-event`, { hasText: "对判决的上诉期" }).first(),
    ).toBeVisible();
  });

  test("a case moved to a new stage is offered that stage's template; its tasks show in the case's Tasks tab and timeline", async ({
    page,
    request,
  }) => {
    const caseId = await firstCase(request);
    const admin = await api(request, "admin");
    const kase = await admin.get(`/api/cases/${caseId}`);
    const suffix = Date.now().toString().slice(-6);
    const tplName = `二审阶段模板${suffix}`;
    const taskTitle = `提交上诉状${suffix}`;
    const made = await admin.post("/api/task-templates", {
      name: tplName,
      caseType: kase.caseType,
      stage: "second-instance",
      items: [
        { kind: "task", title: taskTitle, offsetDays: 5 },
        {
          kind: "deadline",
          title: `二审举证期限${suffix}`,
          deadlineType: "evidence",
          offsetDays: 20,
        },
      ],
    });
    expect(made.status()).toBe(200);
    const lawyerToken = await apiToken(request, "lawyer");
    const patch = (stage: string, version: number) =>
      request.patch(`/api/cases/${caseId}`, {
        headers: { authorization: `Bearer ${lawyerToken}` },
        data: { stage, version },
      });
    const moved = await patch("second-instance", kase.version);
    expect(moved.status()).toBe(200);
    try {
      await signIn(page, request, "lawyer");
      await page.goto(`/manage/case/detail/${caseId}`);
      const offer = page.getByRole("alert").filter({ hasText: "本案当前阶段尚未套用任务模板" });
      await expect(offer).toBeVisible();
      await snap(page, "deadlines-template-offer-light");
      await offer.getByRole("button", { name: "套用任务模板" }).click();
      const tpl = page.getByRole("dialog", { name: "套用任务模板" });
      await tpl.getByLabel("模板名称").click();
      await choose(page, tplName);
      await tpl.getByRole("button", { name: /^套\s*用$/ }).click();
      await expect(page.getByText("已创建 1 个任务、1 个期限")).toBeVisible();
      // Applied for this stage: the offer is gone, and the new deadline is on the Key dates tab.
      await expect(offer).toBeHidden();
      await expect(
        page.getByRole("row", { name: new RegExp(`二审举证期限${suffix}`) }),
      ).toBeVisible();
      await page.getByRole("tab", { name: "任务" }).click();
      await expect(page.getByRole("cell", { name: taskTitle })).toBeVisible();
      await page.getByRole("tab", { name: "动态" }).click();
      // One sentence per event, the task named by a link to it.
      await expect(page.getByText(`新增任务「${taskTitle}」`).first()).toBeVisible();
      await expect(page.getByRole("link", { name: taskTitle }).first()).toBeVisible();
      await expect(page.getByText("套用任务模板，新增 1 个任务、1 个期限").first()).toBeVisible();
      await snap(page, "deadlines-case-timeline-light");
    } finally {
      const now = await admin.get(`/api/cases/${caseId}`);
      expect((await patch(kase.stage, now.version)).status()).toBe(200);
    }
  });

  test("'not now' on a stage's template offer holds at that stage", async ({ page, request }) => {
    const caseId = await firstCase(request);
    const admin = await api(request, "admin");
    const kase = await admin.get(`/api/cases/${caseId}`);
    const made = await admin.post("/api/task-templates", {
      name: `再审阶段模板${Date.now().toString().slice(-6)}`,
      caseType: kase.caseType,
      stage: "retrial",
      items: [{ kind: "task", title: "准备再审申请书", offsetDays: 3 }],
    });
    expect(made.status()).toBe(200);
    const token = await apiToken(request, "lawyer");
    const patch = (stage: string, version: number) =>
      request.patch(`/api/cases/${caseId}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { stage, version },
      });
    expect((await patch("retrial", kase.version)).status()).toBe(200);
    try {
      await signIn(page, request, "lawyer");
      await page.goto(`/manage/case/detail/${caseId}`);
      const offer = page.getByRole("alert").filter({ hasText: "本案当前阶段尚未套用任务模板" });
      await expect(offer).toBeVisible();
      await offer.getByRole("button", { name: /close|关闭/i }).click();
      await expect(offer).toBeHidden();
      await page.reload();
      await expect(page.getByRole("tab", { name: "动态" })).toBeVisible();
      await expect(offer).toBeHidden();
    } finally {
      const now = await admin.get(`/api/cases/${caseId}`);
      expect((await patch(kase.stage, now.version)).status()).toBe(200);
    }
  });

  test("the firm's month shows what fits a day and '+N more' opens the whole day", async ({
    page,
    request,
  }) => {
    const admin = await api(request, "admin");
    const day = plusDays(1);
    const suffix = Date.now().toString().slice(-6);
    for (let i = 0; i < 6; i += 1)
      expect(
        (
          await admin.post("/api/tasks", { title: `全所日程任务${suffix}-${i}`, dueDate: day })
        ).status(),
      ).toBe(200);
    await signIn(page, request, "admin");
    await page.goto("/manage/calendar");
    // antd names both its Select and the search input inside it; the Select takes the click.
    await page.getByLabel("范围").first().click();
    await choose(page, "全所");
    const cell = page.locator(`td[data-date="${day}"]`);
    if (
      !(await cell
        .first()
        .isVisible()
        .catch(() => false))
    )
      await page.locator(".fc-next-button").click();
    const more = page.locator(`td[data-date="${day}"] .fc-event`, { hasText: /还有 \d+ 项/ });
    await expect(more).toBeVisible();
    await expect(page.locator(`td[data-date="${day}"] .fc-event`)).toHaveCount(4);
    await snap(page, "deadlines-calendar-firm-light");
    const hidden = Number((await more.innerText()).match(/\d+/)![0]);
    await more.click();
    const list = page.getByRole("dialog", { name: new RegExp(`${day}：共 ${hidden + 3} 项`) });
    await expect(list).toBeVisible();
    for (let i = 0; i < 6; i += 1)
      await expect(list.getByRole("button", { name: `全所日程任务${suffix}-${i}` })).toBeVisible();
    await snap(page, "deadlines-calendar-day-list-light");
    await list.getByRole("button", { name: `全所日程任务${suffix}-0` }).click();
    await expect(page).toHaveURL(/\/manage\/tasks\?task=/);
  });

  test("my tasks: add a task and finish it", async ({ page, request }) => {
    await signIn(page, request, "lawyer");
    await page.goto("/manage/tasks");
    await expect(page.getByRole("heading", { name: "我的任务" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /准备开庭质证意见/ })).toBeVisible();
    await page.getByRole("button", { name: "新建任务" }).click();
    const title = `复印卷宗${Date.now().toString().slice(-6)}`;
    await page.getByRole("dialog").getByLabel("名称").fill(title);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /保\s*存/ })
      .click();
    await expect(page.getByRole("cell", { name: title })).toBeVisible();
    await snap(page, "deadlines-tasks-light");
  });

  test("admins keep the holiday calendar under Settings", async ({ page, request }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/settings/holiday-days");
    await expect(page.getByRole("heading", { name: "节假日安排" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "春节" }).first()).toBeVisible();
    await snap(page, "deadlines-holidays-light");
    expect(await firstCase(request)).toBeTruthy();
  });
});
