import { randomUUID } from "node:crypto";

import { type APIRequestContext, type Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

type Account = {
  id: string;
  version: number;
  status: string;
  formerName?: string;
  remark?: string;
  pendingChanges?: Record<string, unknown> | null;
  pendingApprovalId?: string;
};

const stamp = Date.now().toString().slice(-8);
const NAME = `变更审批${stamp}有限公司`;
const OLD_NAME = "旧名称甲";
const NEW_NAME = "新名称乙";
const OLD_REMARK = "原备注内容";

/** antd spaces out two-character Chinese button labels ("保 存"). */
const spaced = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

/**
 * A firm that has client changes approved first, end to end: the admin turns it on, the lawyer's
 * edit waits as "information pending approval" with the old values in force, the department
 * manager accepts it and it applies; a rejected and a cancelled change are dropped. Every spec
 * shares one server, so the setting is turned off again whatever happens here.
 */
test.describe("client changes that need approval", () => {
  // The second test goes on from the first one's client; after a failure it would only mislead.
  test.describe.configure({ mode: "serial" });
  const auth = async (request: APIRequestContext, username: string) => ({
    authorization: `Bearer ${await apiToken(request, username)}`,
  });
  const setting = async (request: APIRequestContext, on: boolean) => {
    const res = await request.put("/api/workflow/business-settings", {
      headers: await auth(request, "admin"),
      data: { accountChanges: on },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const account = async (request: APIRequestContext, id: string) => {
    const res = await request.get(`/api/accounts/${id}`, {
      headers: await auth(request, "lawyer"),
    });
    expect(res.status()).toBe(200);
    return (await res.json()).data as Account;
  };
  const act = async (
    request: APIRequestContext,
    username: string,
    instanceId: string,
    body: Record<string, unknown>,
  ) => {
    const headers = { ...(await auth(request, username)), "idempotency-key": randomUUID() };
    const res = await request.post(`/api/workflow/instances/${instanceId}/actions`, {
      headers,
      data: body,
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const myTask = async (request: APIRequestContext, username: string, instanceId: string) => {
    const res = await request.get(`/api/workflow/instances/${instanceId}`, {
      headers: await auth(request, username),
    });
    const tasks = (await res.json()).data.myTasks as { id: string }[];
    expect(tasks).toHaveLength(1);
    return tasks[0].id;
  };
  /** Saves a change as the client form does (PATCH with the version) and returns the answer. */
  const save = async (request: APIRequestContext, id: string, changes: Record<string, unknown>) => {
    const { version } = await account(request, id);
    const res = await request.patch(`/api/accounts/${id}`, {
      headers: await auth(request, "lawyer"),
      data: { ...changes, version },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as Account;
  };
  const pendingAlert = (page: Page) =>
    page.getByRole("alert").filter({ hasText: "信息变更待审批" });

  let clientId = "";
  const detailUrl = () => `/manage/contacts/instution-detail/${clientId}`;

  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
    const res = await request.post("/api/accounts", {
      headers: await auth(request, "lawyer"),
      data: {
        accountType: "organization",
        name: NAME,
        creditCode: `91310000MC${stamp}`,
        formerName: OLD_NAME,
        remark: OLD_REMARK,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    clientId = ((await res.json()).data as Account).id;
  });
  test.afterAll(async ({ request }) => {
    await setting(request, false);
  });

  test("an edit waits for the department manager's approval, then applies", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // The admin turns approvals on in the workflow settings.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    const toggle = page.getByRole("switch", { name: "客户信息变更需审批" });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText("已开启客户信息变更审批")).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(toggle).not.toHaveClass(/ant-switch-loading/);
    await page.mouse.move(0, 0);
    await snap(page, "account-change-01-definitions-switch");

    // The lawyer edits the client: the form says the change goes for approval first.
    await signIn(page, request, "lawyer");
    await page.goto(detailUrl());
    await page.getByRole("button", { name: spaced("编辑") }).click();
    await expect(page.getByRole("heading", { name: "编辑客户" })).toBeVisible();
    await expect(
      page.getByText("客户信息变更需审批：保存后变更将提交审批，审批通过后生效。"),
    ).toBeVisible();
    await page.getByLabel("曾用名").fill(NEW_NAME);
    await page.getByLabel("备注").fill("");
    await snap(page, "account-change-02-form-alert");
    await page.getByRole("button", { name: spaced("保存") }).click();
    await expect(page.getByText("变更已提交审批")).toBeVisible();
    await expect(page).toHaveURL(/\/contacts\/instution-detail\//);

    // The detail shows each waiting change as old → new; the old values stay in force.
    const alert = pendingAlert(page);
    await expect(alert).toBeVisible();
    await expect(
      alert.locator(".ant-descriptions-item").filter({ hasText: "曾用名" }),
    ).toContainText(`${OLD_NAME}${NEW_NAME}`);
    await expect(alert.locator(".ant-descriptions-item").filter({ hasText: "备注" })).toContainText(
      `${OLD_REMARK}—`,
    );
    await expect(page.getByRole("tabpanel").getByText(OLD_NAME, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: spaced("编辑") })).toBeDisabled();
    await snap(page, "account-change-03-detail-alert");
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.reload();
    await expect(
      page.getByRole("alert").filter({ hasText: "Information pending approval" }),
    ).toContainText(NEW_NAME);
    await snap(page, "account-change-03-detail-alert-en");
    await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
    await page.reload();
    const stored = await account(request, clientId);
    expect(stored).toMatchObject({
      status: "pending",
      formerName: OLD_NAME,
      remark: OLD_REMARK,
      pendingChanges: { formerName: NEW_NAME, remark: null },
    });

    // The list tags the client as pending approval.
    await page.goto("/manage/contacts");
    const filters = page.getByRole("form", { name: "查询" });
    await filters.getByLabel("客户名称").fill(NAME);
    await filters.getByRole("button", { name: /查\s?询/ }).click();
    await expect(
      page.getByRole("row").filter({ hasText: NAME }).getByText("信息待审批"),
    ).toBeVisible();
    await snap(page, "account-change-04-list-tag");

    // "View approval" leads to the approval the save started.
    await page.goto(detailUrl());
    await pendingAlert(page).getByRole("button", { name: "查看审批" }).click();
    await expect(page).toHaveURL(new RegExp(`/workflow/detail/${stored.pendingApprovalId}`));

    // The lawyer's department manager (the partner, one level up) accepts it in the approval centre.
    await useFirm(request, "partner", "明德律师事务所");
    await signIn(page, request, "partner");
    await page.goto("/manage/workflow/center/pending");
    await page.getByRole("link", { name: new RegExp(NAME) }).click();
    const actions = page.getByRole("toolbar", { name: "审批操作" });
    await expect(actions).toBeVisible();
    await snap(page, "account-change-05-approval");
    await actions.getByRole("button", { name: spaced("同意") }).click();
    const dialog = page.getByRole("dialog", { name: "同意" });
    await dialog.getByLabel("审批意见").fill("信息核实无误");
    await dialog.getByRole("button", { name: spaced("确定") }).click();
    await expect(dialog).toBeHidden();

    // The new values apply and the client is no longer pending.
    await signIn(page, request, "lawyer");
    await page.goto(detailUrl());
    await expect(page.getByRole("tabpanel").getByText(NEW_NAME, { exact: true })).toBeVisible();
    await expect(pendingAlert(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: spaced("编辑") })).toBeEnabled();
    await snap(page, "account-change-06-applied");
    expect(await account(request, clientId)).toMatchObject({
      status: "active",
      formerName: NEW_NAME,
      pendingChanges: null,
    });
  });

  test("a rejected or cancelled change is dropped, and saves apply directly once turned off", async ({
    page,
    request,
  }) => {
    await setting(request, true);
    const rejected = await save(request, clientId, { formerName: "驳回的名称" });
    expect(rejected).toMatchObject({ status: "pending", formerName: NEW_NAME });
    const instanceId = String(rejected.pendingApprovalId);
    await act(request, "partner", instanceId, {
      type: "reject",
      taskId: await myTask(request, "partner", instanceId),
      comment: "名称有误",
    });
    expect(await account(request, clientId)).toMatchObject({
      status: "active",
      formerName: NEW_NAME,
      pendingChanges: null,
    });

    const cancelled = await save(request, clientId, { formerName: "撤销的名称" });
    await act(request, "lawyer", String(cancelled.pendingApprovalId), {
      type: "cancel",
      comment: "不改了",
    });
    expect(await account(request, clientId)).toMatchObject({
      status: "active",
      formerName: NEW_NAME,
      pendingChanges: null,
    });

    // The admin turns it off again; the next save applies at once.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    const toggle = page.getByRole("switch", { name: "客户信息变更需审批" });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText("已关闭客户信息变更审批")).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await save(request, clientId, { formerName: "直接生效的名称" })).toMatchObject({
      status: "active",
      formerName: "直接生效的名称",
    });
  });
});
