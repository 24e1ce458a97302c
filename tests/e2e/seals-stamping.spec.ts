import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { approvedContract } from "./esign-setup";
import { apiToken, confirmDialog, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 26 on the screens: the custodian confirms the copies and the day stamped in the accept
 * dialog (zh-CN and en), the seal list tags a take-out past its return date, and the e-signing
 * send dialog starts on the contract's only PDF with units on its summary.
 */
const stamp = Date.now().toString().slice(-6);
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });
const pdf = (text: string) => ({
  name: `${text}-${stamp}.pdf`,
  mimeType: "application/pdf",
  buffer: Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< >>\n%%EOF\n`,
    "latin1",
  ),
});

const call = async <T>(
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

/** Every approval step before the custodian's, by the API. */
const approveUpToCustodian = async (request: APIRequestContext, instanceId: string) => {
  for (const username of ["partner", "admin"]) {
    const detail = await call<{ myTasks: { id: string; kind: string }[] }>(
      request,
      username,
      "get",
      `/api/workflow/instances/${instanceId}`,
    );
    for (const task of detail.myTasks.filter((x) => x.kind !== "handler")) {
      await call(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
      });
    }
  }
};

/** A seal request filed by the API: one uploaded PDF, two recipients. */
const filedRequest = async (request: APIRequestContext, name: string) => {
  const token = await apiToken(request, "lawyer");
  const headers = { authorization: `Bearer ${token}` };
  const up = (await (await request.get("/api/user-service/user/get-up-token", { headers })).json())
    .data.token as string;
  const file = await request.post(
    `/api/documents/files/raw?name=${encodeURIComponent(`${name}-${stamp}.pdf`)}`,
    {
      headers: { ...headers, "content-type": "application/octet-stream", "x-upload-token": up },
      data: pdf(name).buffer,
    },
  );
  expect(file.status(), await file.text()).toBe(200);
  const fileId = (await file.json()).data[0].id as string;
  const seal = (
    await call<{ id: string; sealType: string }[]>(request, "lawyer", "get", "/api/seal-options")
  ).find((s) => s.sealType === "official")!;
  const values = {
    documentType: "lawyer-letter",
    recipients: [
      { name: `Counterparty Ltd ${stamp}`, copies: 2 },
      { name: "Client", copies: 1 },
    ],
    files: [{ fileId, copies: 3 }],
    sealId: seal.id,
    reason: "Demand letter",
    reviewed: true,
    mode: "office",
  };
  return call<{ id: string; instanceId: string }>(
    request,
    "lawyer",
    "post",
    "/api/seal-request-submissions",
    { values },
  );
};

const english = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
};

test.describe("issue 26: seals and e-signing screens", () => {
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
  });
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem("language", "zh-CN")).catch(() => undefined);
  });

  test("zh-CN: a request to two recipients; the custodian sees the file's name and confirms copies and date in the dialog", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, request, "lawyer");
    await page.goto("/manage/seal/list");
    await page.getByRole("button", { name: "申请用印" }).click();
    await expect(page).toHaveURL(/\/manage\/seal\/add\//);
    await page.getByRole("combobox", { name: "文书类型" }).click();
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: "律师函" })
      .first()
      .click();
    await page.getByLabel("接收方 1", { exact: true }).fill(`对方公司${stamp}`);
    await page.getByLabel("接收方 1 的份数").fill("2");
    await page.getByRole("button", { name: "添加接收方" }).click();
    await page.getByLabel("接收方 2", { exact: true }).fill("委托人");
    await page.getByRole("combobox", { name: "使用印章" }).click();
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: /公章/ })
      .first()
      .click();
    await page
      .locator("input[type=file]")
      .first()
      .setInputFiles([pdf("律师函")]);
    await expect(page.locator(".ant-upload-list-item-done")).toHaveCount(1);
    // Listed once: the upload list carries the copies; no second table of the same file.
    await expect(page.getByText(`律师函-${stamp}.pdf`)).toHaveCount(1);
    await page.getByLabel(/律师函.*的份数/).fill("3");
    await page.getByLabel("用印事由").fill("催告履行");
    await page.getByRole("radio", { name: "是" }).check();
    // Enter in a date box takes the typed date and does not submit the half-filled form.
    await page.getByRole("radio", { name: "外带印章" }).check();
    const due = page.getByLabel("归还期限", { exact: true });
    await due.click();
    await due.fill(
      new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", {
        timeZone: "Asia/Shanghai",
      }),
    );
    await due.press("Enter");
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/manage\/seal\/add\//);
    await page.getByRole("radio", { name: "在所盖章" }).check();
    await page.setViewportSize({ width: 1440, height: 900 });
    await snap(page, "issue26-seal-form-zh-1440");
    await page.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/seal\/workflow\/[0-9a-f-]{36}$/);
    const instanceId = page.url().split("/").pop()!;
    await expect(page.getByText(`对方公司${stamp}：2 份`)).toBeVisible();
    await approveUpToCustodian(request, instanceId);

    await signIn(page, request, "finance");
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    // The custodian has no rights on Documents, and still reads the file's name.
    await expect(page.getByText(`律师函-${stamp}.pdf`)).toBeVisible();
    await expect(page.getByText("文件 1")).toHaveCount(0);
    // The copies and the day are asked once, in the dialog: the page has no boxes of its own for them.
    await expect(page.getByLabel("实际盖章份数")).toHaveCount(0);
    await expect(page.getByLabel("盖章日期")).toHaveCount(0);
    await page
      .getByRole("toolbar", { name: "审批操作" })
      .getByRole("button", { name: /办\s*理/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "确认盖章" });
    await expect(page.getByLabel("实际盖章份数")).toHaveCount(1);
    await expect(dialog.getByLabel("实际盖章份数")).toHaveValue("3");
    await expect(dialog.getByLabel("盖章日期")).toHaveValue(today());
    await expect(dialog.getByText("申请 3 份")).toBeVisible();
    await dialog.getByLabel("实际盖章份数").fill("2");
    await snap(page, "issue26-confirm-zh-1440");
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, "issue26-confirm-zh-1280");
    await confirmDialog(dialog, /确\s*定/);
    await expect(page.getByTestId("app-toast")).toBeVisible();
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    await expect(page.locator(".ant-tag").filter({ hasText: "已盖章" })).toBeVisible();
    const log = page.locator(".ant-table").last();
    await expect(log.getByRole("cell", { name: "2", exact: true })).toBeVisible();
    await expect(log.getByRole("cell", { name: today() })).toBeVisible();
  });

  test("en: the custodian's confirm dialog proposes the copies asked for and today; an empty count is refused on the spot", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { instanceId } = await filedRequest(request, "Demand-letter");
    await approveUpToCustodian(request, instanceId);
    await signIn(page, request, "finance");
    await english(page);
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    await expect(page.getByText(`Demand-letter-${stamp}.pdf`)).toBeVisible();
    await expect(page.getByText("Client: 1 copy")).toBeVisible();
    await expect(page.getByLabel("Copies stamped")).toHaveCount(0);
    await expect(page.getByLabel("Stamped on")).toHaveCount(0);
    await page.getByRole("toolbar").getByRole("button", { name: "Done" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm the stamping" });
    await expect(dialog.getByText("3 copies were requested.")).toBeVisible();
    await expect(dialog.getByLabel("Copies stamped")).toHaveValue("3");
    await expect(dialog.getByLabel("Stamped on")).toHaveValue(today());
    await dialog.getByLabel("Copies stamped").fill("");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog.getByText("Enter the copies actually stamped")).toBeVisible();
    await dialog.getByLabel("Copies stamped").fill("3");
    await page.setViewportSize({ width: 1440, height: 900 });
    await snap(page, "issue26-confirm-en-1440");
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, "issue26-confirm-en-1280");
    await confirmDialog(dialog, /^OK$/);
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    await expect(page.locator(".ant-tag").filter({ hasText: "Stamped" })).toBeVisible();
  });

  test("the seal list tags a take-out past its return date, in both languages", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "admin");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/manage/seal/list");
    // The demo firm's seal taken out to the arbitration commission was due back yesterday.
    const tag = page.getByText("逾期未还", { exact: true });
    await expect(tag).toHaveCount(1);
    // The list's own row of the tag (a recipients cell holds a small table of its own).
    const overdue = tag.locator("xpath=ancestor::tr[contains(@class, 'ant-table-row')][last()]");
    await expect(overdue).toContainText("已外带");
    await expect(overdue).toContainText("仲裁委员会");
    // Due in two days: taken out, not overdue.
    const dueLater = page
      .getByRole("cell", { name: "授权委托书", exact: true })
      .locator("xpath=ancestor::tr[1]");
    await expect(dueLater).toContainText("已外带");
    await expect(dueLater).not.toContainText("逾期未还");
    await snap(page, "issue26-seal-list-zh-1440");
    await english(page);
    await expect(page.getByText("Overdue", { exact: true })).toHaveCount(1);
    await snap(page, "issue26-seal-list-en-1440");
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, "issue26-seal-list-en-1280");
  });

  test("the e-signing send dialog starts on the only PDF and reads its days with units (zh-CN, en)", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const contract = `单一PDF合同${stamp}`;
    const contractId = await approvedContract(request, contract, {
      name: "王立",
      email: `only-pdf-${stamp}@example.com`,
    });
    await signIn(page, request, "lawyer");
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const lang of ["zh-CN", "en"] as const) {
      if (lang === "en") await english(page);
      const w =
        lang === "en"
          ? {
              prepare: "Prepare signing",
              next: "Next",
              add: "Add field",
              days: "14 days",
              remind: "3 days",
            }
          : { prepare: "发起签署", next: "下一步", add: "添加位置", days: "14 天", remind: "3 天" };
      await page.goto(`/manage/contract/detail/${contractId}?tab=esign`);
      await page.getByRole("button", { name: w.prepare }).click();
      await expect(
        page.getByRole("radio", { name: new RegExp(`${contract}\\.pdf`) }),
      ).toBeChecked();
      await snap(page, `issue26-esign-send-${lang}-1440`);
      await page.getByRole("button", { name: w.next }).click();
      await page.getByRole("button", { name: w.add }).click();
      await page.getByRole("button", { name: w.next }).click();
      const summary = page.locator(".esign-wizard .ant-descriptions");
      await expect(summary).toContainText(w.days);
      await expect(summary).toContainText(w.remind);
      await snap(page, `issue26-esign-summary-${lang}-1440`);
    }
  });
});
