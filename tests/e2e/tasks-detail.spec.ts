import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

const api = async (request: APIRequestContext, who: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, who)}` };
  return {
    get: async (url: string) => request.get(url, { headers }),
    post: async (url: string, data: unknown) => request.post(url, { headers, data }),
  };
};

/** Dark theme through the preference cookie the app reads on load. */
const setDark = async (page: Page) => {
  await page
    .context()
    .addCookies([
      { name: "law-manage-theme", value: "dark", domain: new URL(page.url()).hostname, path: "/" },
    ]);
};

/** WCAG 2.1 AA findings (serious or critical) inside one open dialog or drawer. */
const axeFindings = async (page: Page, selector: string) => {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
};

const suffix = () => Date.now().toString().slice(-6);

test.describe("task detail and key-date corrections", () => {
  test.use({ timezoneId: "Asia/Shanghai" });

  test("opens a task from My tasks: ticks, adds and renames checklist items, comments, changes status, deletes it", async ({
    page,
    request,
  }) => {
    const lawyer = await api(request, "lawyer");
    const title = `核对证据原件${suffix()}`;
    const made = await lawyer.post("/api/tasks", {
      title,
      priority: "high",
      checklist: [
        { text: "借款合同", done: false },
        { text: "银行流水", done: false },
      ],
    });
    expect(made.status()).toBe(200);
    const id = (await made.json()).data.id as string;
    const server = async () => (await (await lawyer.get(`/api/tasks/${id}`)).json()).data;

    await signIn(page, request, "lawyer");
    await page.goto("/manage/tasks");
    await page.getByRole("link", { name: title }).click();
    const drawer = page.getByRole("dialog", { name: "任务详情" });
    await expect(drawer.getByLabel("名称")).toHaveValue(title);
    await expect(page).toHaveURL(new RegExp(`task=${id}`));

    await drawer.getByRole("checkbox", { name: "借款合同" }).check();
    await expect(drawer.getByText("已完成 1/2")).toBeVisible();
    await expect.poll(async () => (await server()).checklist[0].done).toBe(true);

    await drawer.getByLabel("新的清单项").fill("复印件盖章");
    await drawer.getByRole("button", { name: /添\s*加/ }).click();
    await expect(drawer.getByRole("checkbox", { name: "复印件盖章" })).toBeVisible();
    await drawer.getByRole("button", { name: "重命名：银行流水" }).click();
    await drawer.getByLabel("清单项内容").fill("银行流水（近一年）");
    await drawer.getByLabel("清单项内容").press("Enter");
    await expect(drawer.getByRole("checkbox", { name: "银行流水（近一年）" })).toBeVisible();
    await expect
      .poll(async () => (await server()).checklist.map((c: { text: string }) => c.text))
      .toEqual(["借款合同", "银行流水（近一年）", "复印件盖章"]);

    await drawer.getByLabel("写评论").fill("原件在档案室第三柜");
    await drawer.getByRole("button", { name: "发表评论" }).click();
    const comments = drawer.getByRole("region", { name: "评论" });
    await expect(comments.getByText("原件在档案室第三柜")).toBeVisible();
    await expect(comments.getByText("张伟", { exact: true })).toBeVisible();
    // The firm's clock, labelled with its offset when the browser is in another zone.
    await expect(comments.locator("time")).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}( \(UTC[+-]\d{1,2}(:\d{2})?\))?$/,
    );
    await expect(drawer.getByLabel("写评论")).toHaveValue("");

    await drawer.locator(".ant-segmented").getByText("进行中").click();
    await expect.poll(async () => (await server()).status).toBe("doing");
    await expect(drawer.getByText("已保存")).toBeVisible();
    await snap(page, "tasks-drawer-light");
    expect(await axeFindings(page, ".ant-drawer-content")).toEqual([]);

    await setDark(page);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    // The drawer comes back from the address.
    await expect(drawer.getByLabel("名称")).toHaveValue(title);
    await expect(drawer.getByText("原件在档案室第三柜")).toBeVisible();
    await snap(page, "tasks-drawer-dark");
    expect(await axeFindings(page, ".ant-drawer-content")).toEqual([]);

    await drawer.getByRole("button", { name: "删除任务" }).click();
    const confirm = page.getByRole("dialog", { name: "删除任务" });
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: /删\s*除/ }).click();
    await expect(page.getByText("任务已删除")).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    expect((await lawyer.get(`/api/tasks/${id}`)).status()).toBe(404);
  });

  test("a stale drawer shows the conflict and reloads the task", async ({ page, request }) => {
    const lawyer = await api(request, "lawyer");
    const title = `起草质证意见${suffix()}`;
    const task = (await (await lawyer.post("/api/tasks", { title })).json()).data;
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/tasks?task=${task.id}`);
    const drawer = page.getByRole("dialog", { name: "任务详情" });
    await expect(drawer.getByLabel("名称")).toHaveValue(title);
    // A colleague saves first.
    const other = await request.patch(`/api/tasks/${task.id}`, {
      headers: { authorization: `Bearer ${await apiToken(request, "lawyer")}` },
      data: { priority: "low", version: task.version },
    });
    expect(other.status()).toBe(200);
    await drawer.locator(".ant-segmented").getByText("已完成").click();
    await expect(page.getByTestId("app-toast")).toContainText("他人");
    // Reloaded: the colleague's change shows; the refused one is not pretended.
    await expect(
      drawer.getByLabel("优先级").locator("xpath=ancestor::div[contains(@class,'ant-select')][1]"),
    ).toContainText("低");
    await expect(drawer.getByRole("radio", { name: "待办" })).toBeChecked();
  });

  test("corrects a key date's trigger on a case and sees the recomputed date", async ({
    page,
    request,
  }) => {
    const lawyer = await api(request, "lawyer");
    const caseId = (await (await lawyer.get("/api/my-agenda")).json()).data.hearings[0]
      .caseId as string;
    const title = `上诉期（待更正）${suffix()}`;
    const made = await lawyer.post(`/api/cases/${caseId}/key-dates`, {
      deadlineType: "appeal",
      source: "computed",
      ruleCode: "appeal-judgment",
      triggerDate: "2026-12-03",
      title,
    });
    expect(made.status()).toBe(200);
    expect((await made.json()).data.dueDate).toBe("2026-12-18");

    await signIn(page, request, "lawyer");
    await page.goto(`/manage/cases/${caseId}/key-dates`);
    const row = page.getByRole("row", { name: new RegExp(title.replace(/[()（）]/g, ".")) });
    await expect(row).toContainText("2026-12-18");
    await row.getByRole("button", { name: /编\s*辑/ }).click();
    const dialog = page.getByRole("dialog", { name: "编辑关键日期" });
    await expect(dialog.getByText(/计算结果：2026-12-18 到期/)).toBeVisible();
    await expect(dialog.getByText("对判决的上诉期（15 日）")).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "计算规则" })).toHaveCount(0);
    // Served on 20 November: 15 days end on Saturday 5 December, so Monday the 7th.
    await dialog.getByLabel("判决书送达").fill("2026-11-20");
    await dialog.getByLabel("判决书送达").press("Enter");
    await expect(dialog.getByText(/计算结果：2026-12-07 到期/)).toBeVisible();
    await expect(dialog.getByText(/原到期日：2026-12-18/)).toBeVisible();
    await snap(page, "key-date-edit-light");
    expect(await axeFindings(page, ".ant-modal-content")).toEqual([]);
    await dialog.getByRole("button", { name: /保\s*存/ }).click();
    await expect(page.getByText("关键日期已更新")).toBeVisible();
    await expect(row).toContainText("2026-12-07");
    await expect(row).toContainText("起算：2026-11-20");
    await expect(row).toContainText("待复核");

    await setDark(page);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await row.getByRole("button", { name: /编\s*辑/ }).click();
    await expect(dialog.getByText(/计算结果：2026-12-07 到期/)).toBeVisible();
    await snap(page, "key-date-edit-dark");
    expect(await axeFindings(page, ".ant-modal-content")).toEqual([]);
  });
});
