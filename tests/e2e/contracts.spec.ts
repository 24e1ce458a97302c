import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, confirmDialog, signIn, snap, useFirm } from "./helpers";
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

const auth = async (request: APIRequestContext, username: string) => ({
  authorization: `Bearer ${await apiToken(request, username)}`,
});

const api = async <T>(
  request: APIRequestContext,
  username: string,
  method: "get" | "post",
  url: string,
  data?: unknown,
) => {
  const headers = { ...(await auth(request, username)), "idempotency-key": randomUUID() };
  const res =
    method === "get"
      ? await request.get(url, { headers })
      : await request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};

/**
 * Accepts every pending task of an approval as whoever holds it, except the steps left to the
 * screens; a custodian's step confirms one copy stamped today.
 */
const acceptAs = async (request: APIRequestContext, instanceId: string, users: string[]) => {
  const stamped = {
    stampedCopies: 1,
    stampedAt: new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" }),
  };
  for (const username of users) {
    const detail = await api<{ myTasks: { id: string; kind: string }[] }>(
      request,
      username,
      "get",
      `/api/workflow/instances/${instanceId}`,
    );
    for (const task of detail.myTasks) {
      await api(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
        ...(task.kind === "handler" ? { formPatch: stamped } : {}),
      });
    }
  }
};

/** A pre-filing case of the lawyer's, opened through its approval. */
const preFilingCase = async (request: APIRequestContext, name: string) => {
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
    name,
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
  await acceptAs(request, instanceId, ["partner", "admin"]);
  const sub = await api<{ caseId: string }>(
    request,
    "lawyer",
    "get",
    `/api/case-submissions/${instanceId}`,
  );
  return sub.caseId;
};

const flowId = async (request: APIRequestContext, kind: string) =>
  (
    await api<{ id: string; kind: string }[]>(request, "lawyer", "get", "/api/workflow/startable")
  ).find((c) => c.kind === kind)!.id;

/** Picks an antd Select option by its label. */
const choose = async (page: Page, label: string | RegExp, option: string | RegExp) => {
  // The role, not the label: a list on the same page may have a column of the same name. A
  // required field's name starts with antd's "* " mark (CSS content counts in a name).
  const name =
    typeof label === "string"
      ? new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)
      : label;
  await page.getByRole("combobox", { name }).click();
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

/** The custodian records the stamping on their handler step and completes it. */
const stampAsCustodian = async (page: Page, url: string, copies: string, shot: string) => {
  await page.goto(url);
  const toolbar = page.getByRole("toolbar", { name: "审批操作" });
  await expect(toolbar).toBeVisible();
  await toolbar.getByRole("button", { name: /办\s*理/ }).click();
  // The copies and the day stamped are asked once, in the confirm dialog (today proposed).
  const dialog = page.getByRole("dialog", { name: "确认盖章" });
  await dialog.getByLabel("实际盖章份数").fill(copies);
  await snap(page, shot);
  // A second click, should the first be lost, is harmless: the dialog's Idempotency-Key makes the action take effect once.
  await confirmDialog(dialog, /确\s*定/);
  await expect(page.getByTestId("app-toast")).toBeVisible();
};

const darkShot = async (page: Page, name: string) => {
  const url = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: "law-manage-theme", value: "dark", domain: url.hostname, path: "/" }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // The screen has drawn its data (the live connection keeps the network busy, so no "networkidle").
  await expect(page.locator(".ant-skeleton")).toHaveCount(0);
  await expect(page.locator(".app-layout")).toBeVisible();
  await snap(page, name);
  await page
    .context()
    .addCookies([{ name: "law-manage-theme", value: "light", domain: url.hostname, path: "/" }]);
};

test.describe("contracts and seal requests", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
  });

  test("a contract from a pre-filing case: approval with the seal step, archive, the case turns formal", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const caseId = await preFilingCase(request, `合同流程案件${stamp}`);
    const flow = await flowId(request, "contract");
    await signIn(page, request, "lawyer");
    // From the case: its Contracts tab offers a new contract for it.
    await page.goto(`/manage/case/detail/${caseId}?tab=contracts`);
    await page.getByRole("button", { name: "新建合同" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/contract/add/${flow}\\?caseId=${caseId}$`));
    await expect(page.getByRole("heading", { name: "新建合同" })).toBeVisible();
    await choose(page, "合同类型", "委托代理合同");
    await page.getByLabel("合同名称").fill(`委托代理合同${stamp}`);
    // The date rule, on the field, in the user's language.
    await typeDate(page, "开始日期", "2026-05-02");
    await typeDate(page, "结束日期", "2026-05-01");
    await expect(page.getByText("开始日期不能晚于结束日期")).toBeVisible();
    await expect(page.getByText("结束日期不能早于开始日期")).toBeVisible();
    await typeDate(page, "结束日期", "2027-05-01");
    await expect(page.getByText("开始日期不能晚于结束日期")).toBeHidden();
    await choose(page, "印章", /合同专用章/);
    await page.getByLabel("对方签署人").fill("王立");
    await page.getByLabel("签署人手机").fill("13800138000");
    await page.locator("input[type=file]").first().setInputFiles(pdf("合同正文"));
    await expect(page.locator(".ant-upload-list-item-done")).toHaveCount(1);
    // The case's fee arrangement was filled in.
    await expect(page.getByLabel("固定收费")).toHaveValue("30000.00");
    await snap(page, "contracts-01-form");
    await page.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/contract\/workflow\/[0-9a-f-]{36}$/);
    const instanceId = page.url().split("/").pop()!;
    await expect(page.getByText("申请的合同")).toBeVisible();
    await snap(page, "contracts-02-approval");

    await acceptAs(request, instanceId, ["partner", "admin"]);
    await signIn(page, request, "finance");
    await stampAsCustodian(
      page,
      `/manage/contract/workflow/${instanceId}`,
      "2",
      "contracts-03-seal-step",
    );

    await signIn(page, request, "lawyer");
    await page.goto(`/manage/contract/workflow/${instanceId}`);
    await page.getByRole("link", { name: "合同已创建，查看合同" }).click();
    await expect(page).toHaveURL(/\/manage\/contract\/detail\//);
    await expect(page.locator(".ant-tag").filter({ hasText: "已审批" })).toBeVisible();
    await page.getByRole("tab", { name: "用印记录" }).click();
    await expect(page.getByRole("cell", { name: "刘芳" })).toBeVisible();
    await snap(page, "contracts-04-detail-light");
    await darkShot(page, "contracts-04-detail-dark");

    await page.getByRole("button", { name: /归\s*档/ }).click();
    const dialog = page.getByRole("dialog", { name: "归档" });
    await dialog.locator("input[type=file]").setInputFiles(pdf("签署扫描件"));
    await expect(dialog.locator(".ant-upload-list-item-done")).toHaveCount(1);
    await dialog.getByLabel("归档备注").fill("原件已入柜");
    await dialog.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/contract\/workflow\/archive\//);
    const archiveId = page.url().split("/").pop()!;
    await expect(page.getByText("所涉合同")).toBeVisible();
    await snap(page, "contracts-05-archive-approval");
    await acceptAs(request, archiveId, ["partner", "admin"]);
    const kase = await api<{ status: string }>(request, "lawyer", "get", `/api/cases/${caseId}`);
    expect(kase.status).toBe("formal");
    // The case page shows it formal, with the contract on its Contracts tab.
    await page.goto(`/manage/case/detail/${caseId}?tab=contracts`);
    await expect(page.locator(".ant-tag").filter({ hasText: "正式案件" }).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: `委托代理合同${stamp}` })).toHaveCount(1);
    await page.goto("/manage/contract/list");
    await page
      .getByRole("row")
      .filter({ hasText: `委托代理合同${stamp}` })
      .locator("a, button")
      .first()
      .click();
    await expect(page.locator(".ant-tag").filter({ hasText: "已归档" })).toBeVisible();
    await page.getByRole("tab", { name: "文件" }).click();
    await expect(page.getByRole("cell", { name: /签署扫描件/ })).toBeVisible();
    await snap(page, "contracts-06-archived");
  });

  test("a seal request with two documents, stamped by the custodian", async ({ page, request }) => {
    test.setTimeout(180_000);
    await signIn(page, request, "lawyer");
    await page.goto("/manage/seal/list");
    await page.getByRole("button", { name: "申请用印" }).click();
    await expect(page).toHaveURL(/\/manage\/seal\/add\//);
    await choose(page, "文书类型", "律师函");
    await page.getByLabel("接收方 1", { exact: true }).fill(`对方公司${stamp}`);
    await choose(page, "使用印章", /公章/);
    await page
      .locator("input[type=file]")
      .first()
      .setInputFiles([pdf("律师函"), pdf("授权委托书")]);
    await expect(page.locator(".ant-upload-list-item-done")).toHaveCount(2);
    await page.getByLabel(/授权委托书.*的份数/).fill("3");
    await page.getByLabel("用印事由").fill("催告履行");
    await page.getByRole("radio", { name: "是" }).check();
    await snap(page, "seals-01-request-form");
    await page.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/seal\/workflow\/[0-9a-f-]{36}$/);
    const instanceId = page.url().split("/").pop()!;
    await expect(page.locator(".ant-tag").filter({ hasText: "审批中" }).first()).toBeVisible();
    await acceptAs(request, instanceId, ["partner"]);
    await signIn(page, request, "finance");
    await stampAsCustodian(
      page,
      `/manage/seal/workflow/${instanceId}`,
      "4",
      "seals-02-custodian-step",
    );
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    await expect(page.locator(".ant-tag").filter({ hasText: "已盖章" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "4", exact: true })).toBeVisible();
    await snap(page, "seals-03-stamped-light");
    await darkShot(page, "seals-03-stamped-dark");
  });

  test("voiding a contract needs a reason and a certificate, then shows why and when", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const caseId = await preFilingCase(request, `作废合同案件${stamp}`);
    const seal = (
      await api<{ id: string; sealType: string }[]>(request, "lawyer", "get", "/api/seal-options")
    ).find((s) => s.sealType === "contract")!;
    const values = {
      name: `待作废合同${stamp}`,
      contractType: "engagement",
      caseId,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      copies: 1,
      sealId: seal.id,
      signerName: "赵六",
      signerEmail: "zl@example.com",
    };
    const { instanceId } = await api<{ instanceId: string }>(
      request,
      "lawyer",
      "post",
      "/api/contract-submissions",
      { values },
    );
    await acceptAs(request, instanceId, ["partner", "admin", "finance"]);
    const { contractId } = await api<{ contractId: string }>(
      request,
      "lawyer",
      "get",
      `/api/contract-submissions/${instanceId}`,
    );
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/contract/detail/${contractId}`);
    await page.getByRole("button", { name: /作\s*废/ }).click();
    await page.getByRole("button", { name: /确\s*定|O\s*K/ }).click();
    const dialog = page.getByRole("dialog", { name: "作废" });
    await dialog.getByRole("button", { name: "提交审批" }).click();
    await expect(dialog.getByText("请至少上传一个文件")).toBeVisible();
    await expect(dialog.getByText("必填")).toBeVisible();
    await dialog.locator("input[type=file]").setInputFiles(pdf("作废证明"));
    await expect(dialog.locator(".ant-upload-list-item-done")).toHaveCount(1);
    await dialog.getByLabel("作废原因").fill("委托事项变更，双方协商作废");
    await dialog.getByRole("button", { name: "提交审批" }).click();
    await expect(page).toHaveURL(/\/manage\/contract\/workflow\/cancel\//);
    const voidId = page.url().split("/").pop()!;
    await acceptAs(request, voidId, ["partner", "admin"]);
    await page.goto(`/manage/contract/detail/${contractId}`);
    await expect(page.getByText(/该合同已于 .* 作废，文件只读/)).toBeVisible();
    await expect(page.getByText("委托事项变更，双方协商作废")).toBeVisible();
    await expect(page.getByRole("button", { name: /归\s*档/ })).toHaveCount(0);
    await snap(page, "contracts-07-voided");
  });

  test("screens: contract list and seal registry in light and dark", async ({ page, request }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/contract/list");
    await expect(page.getByRole("cell").first()).toBeVisible();
    await snap(page, "contracts-08-list-light");
    await darkShot(page, "contracts-08-list-dark");
    await page.goto("/manage/seal/registry");
    await expect(page.getByRole("cell", { name: /合同专用章/ }).first()).toBeVisible();
    await snap(page, "seals-04-registry-light");
    await darkShot(page, "seals-04-registry-dark");
    await page.goto("/manage/seal/list");
    await expect(page.getByRole("cell").first()).toBeVisible();
    await snap(page, "seals-05-requests-light");
  });
});
