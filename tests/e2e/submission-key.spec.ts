import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

const stamp = Date.now().toString().slice(-6);
const pdf = (text: string) => ({
  name: `${text}-${stamp}.pdf`,
  mimeType: "application/pdf",
  buffer: Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< >>\n%%EOF\n`,
    "latin1",
  ),
});

const api = async <T>(
  request: APIRequestContext,
  username: string,
  method: "get" | "post",
  url: string,
  data?: unknown,
) => {
  const headers = {
    authorization: `Bearer ${await apiToken(request, username)}`,
    "idempotency-key": randomUUID(),
  };
  const res =
    method === "get"
      ? await request.get(url, { headers })
      : await request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};

/** The lawyer's approvals of one kind, as the approval centre lists them. */
const initiated = async (request: APIRequestContext, kind: string) =>
  (
    await api<{ id: string }[]>(
      request,
      "lawyer",
      "get",
      `/api/workflow/lists/initiated?_start=0&_end=500&kind=${kind}`,
    )
  ).length;

const choose = async (page: Page, label: string, option: string | RegExp) => {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: option })
    .first()
    .click();
};

const typeDate = async (page: Page, label: string, value: string) => {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
};

test.describe("the SPA submits a business approval once", () => {
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "lawyer", "明德律师事务所");
  });

  test("a submit whose answer was lost, sent again, carries the same Idempotency-Key and files one approval", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const clients = await api<{ id: string }[]>(
      request,
      "lawyer",
      "get",
      "/api/accounts?_start=0&_end=1&_sort=name&_order=asc",
    );
    const lawyer = await api<{ id: string }>(
      request,
      "lawyer",
      "get",
      "/api/user-service/user/get-login-user-info",
    );
    const values = {
      name: `幂等案件${stamp}`,
      accountId: clients[0].id,
      caseType: "civil-litigation",
      filingType: "pre-filing",
      feeType: "fixed",
      feeFixed: "30000",
      leadLawyerId: lawyer.id,
      parties: [
        {
          name: "合同甲方",
          partyType: "natural",
          litigationRole: "plaintiff",
          conflictRole: "client",
        },
      ],
    };
    const { instanceId } = await api<{ instanceId: string }>(
      request,
      "lawyer",
      "post",
      "/api/case-submissions",
      { values },
    );
    for (const username of ["partner", "admin"]) {
      const detail = await api<{ myTasks: { id: string }[] }>(
        request,
        username,
        "get",
        `/api/workflow/instances/${instanceId}`,
      );
      for (const task of detail.myTasks)
        await api(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
          type: "accept",
          taskId: task.id,
        });
    }
    const { caseId } = await api<{ caseId: string }>(
      request,
      "lawyer",
      "get",
      `/api/case-submissions/${instanceId}`,
    );
    const flow = (
      await api<{ id: string; kind: string }[]>(request, "lawyer", "get", "/api/workflow/startable")
    ).find((c) => c.kind === "contract")!.id;
    const before = await initiated(request, "contract");

    // The first answer is lost on the way back (the server filed it; the browser sees a refusal).
    const keys: string[] = [];
    await page.route("**/api/contract-submissions", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (keys.length > 1) return route.continue();
      const res = await route.fetch();
      expect(res.status()).toBe(200);
      return route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ code: 409, msg: "网络中断，请重试", data: null }),
      });
    });

    await signIn(page, request, "lawyer");
    await page.goto(`/manage/contract/add/${flow}?caseId=${caseId}`);
    await expect(page.getByRole("heading", { name: "新建合同" })).toBeVisible();
    await choose(page, "合同类型", "委托代理合同");
    await page.getByLabel("合同名称").fill(`幂等合同${stamp}`);
    await typeDate(page, "开始日期", "2026-05-01");
    await typeDate(page, "结束日期", "2027-04-30");
    await choose(page, "印章", /合同专用章/);
    await page.getByLabel("对方签署人").fill("王立");
    await page.getByLabel("签署人手机").fill("13800138000");
    await page.locator("input[type=file]").first().setInputFiles(pdf("合同正文"));
    await expect(page.locator(".ant-upload-list-item-done")).toHaveCount(1);

    const submit = page.getByRole("button", { name: "提交审批" });
    await submit.dblclick();
    await expect(page.getByText("网络中断，请重试")).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/contract\/add\//);
    await submit.click();
    await expect(page).toHaveURL(/\/manage\/contract\/workflow\/[0-9a-f-]{36}$/);
    await snap(page, "submission-key-01-approval");

    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Set(keys).size).toBe(1);
    // Two clicks and a retry: one approval, the one the page now shows.
    expect(await initiated(request, "contract")).toBe(before + 1);
  });
});
