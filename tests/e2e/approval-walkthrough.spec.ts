import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

const stamp = Date.now().toString().slice(-6);
const CASE_NAME = `走查案件${stamp}`;
const CONTRACT_NAME = `走查委托合同${stamp}`;

const auth = async (request: APIRequestContext, username: string, lang = "zh-CN") => ({
  authorization: `Bearer ${await apiToken(request, username)}`,
  lang,
});

const api = async <T>(
  request: APIRequestContext,
  username: string,
  method: "get" | "post" | "patch" | "put",
  url: string,
  data?: unknown,
) => {
  const headers = { ...(await auth(request, username)), "idempotency-key": randomUUID() };
  const res = await request.fetch(url, { method: method.toUpperCase(), headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};

/** Accepts every pending task as whoever holds it; the custodian's step confirms the copies stamped today. */
const acceptAs = async (request: APIRequestContext, instanceId: string, users: string[]) => {
  for (const username of users) {
    const detail = await api<{
      version: number;
      form: { copies?: number };
      myTasks: { id: string; kind: string }[];
    }>(request, username, "get", `/api/workflow/instances/${instanceId}`);
    for (const task of detail.myTasks) {
      const stamp =
        task.kind === "handler"
          ? {
              formPatch: {
                stampedCopies: detail.form.copies ?? 1,
                stampedAt: new Date().toISOString().slice(0, 10),
              },
              version: detail.version,
            }
          : {};
      await api(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
        ...stamp,
      });
    }
  }
};

/** Uploads a small PDF into a folder through the documents' raw route, as the upload panel does. */
const upload = async (
  request: APIRequestContext,
  username: string,
  name: string,
  folderId: string,
) => {
  // The upload token belongs to the sign-in that asked for it: one sign-in for both calls.
  const h = await auth(request, username);
  const { token } = (
    await (await request.get("/api/user-service/user/get-up-token", { headers: h })).json()
  ).data as { token: string };
  const res = await request.post(
    `/api/documents/files/raw?name=${encodeURIComponent(name)}&folderId=${folderId}`,
    {
      headers: { ...h, "content-type": "application/octet-stream", "x-upload-token": token },
      data: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n", "latin1"),
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data as { id: string }[])[0].id;
};

/** Screens at both widths the walk-through was done at, kept under test-results/screens. */
const shots = async (page: Page, name: string) => {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await snap(page, `${name}-${width}`);
  }
};

const inEnglish = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
};

/**
 * The walk-through's approval screens: what each approval is about (case, contract, seal), money
 * as ¥1,234,567.00, titles in the reader's language, and the case's timeline as sentences.
 */
test.describe("approvals show what is approved", () => {
  test.describe.configure({ mode: "serial" });
  let caseId = "";
  let caseNo = "";
  let caseInstanceId = "";
  let hitCount = 0;
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem("language", "zh-CN")).catch(() => undefined);
  });

  test.beforeAll(async ({ request }) => {
    await useFirm(request, "partner", "明德律师事务所");
    const clients = await api<{ id: string; name: string }[]>(
      request,
      "lawyer",
      "get",
      "/api/accounts?_start=0&_end=1&_sort=name&_order=asc",
    );
    // A conflict check on the client's name, its hits decided, attached to the submission.
    const found = await api<{ hits: { key: string }[] }>(
      request,
      "lawyer",
      "post",
      "/api/conflicts/search",
      { keywords: [clients[0].name] },
    );
    const decisions = found.hits.map((h, i) => ({
      key: h.key,
      decision: i === 0 ? "potential" : "none",
      remark: "走查判断",
    }));
    const report = await api<{ id: string }>(request, "lawyer", "post", "/api/conflicts/reports", {
      keywords: [clients[0].name],
      decisions,
    });
    hitCount = found.hits.length;
    const lawyer = await api<{ id: string }>(
      request,
      "lawyer",
      "get",
      "/api/user-service/user/get-login-user-info",
    );
    const values = {
      name: CASE_NAME,
      accountId: clients[0].id,
      caseType: "civil-litigation",
      filingType: "formal",
      feeType: "fixed",
      feeFixed: "30000",
      leadLawyerId: lawyer.id,
      parties: [
        {
          name: "走查甲公司",
          partyType: "organization",
          litigationRole: "plaintiff",
          conflictRole: "client",
        },
        {
          name: "走查乙",
          partyType: "natural",
          litigationRole: "defendant",
          conflictRole: "counterparty",
        },
      ],
    };
    ({ instanceId: caseInstanceId } = await api<{ instanceId: string }>(
      request,
      "lawyer",
      "post",
      "/api/case-submissions",
      { values, conflictReportId: report.id },
    ));
  });

  test("a case approval shows its parties as a table and its conflict check", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "partner");
    await page.goto(`/manage/case/workflow/${caseInstanceId}`);
    await expect(
      page.getByRole("heading", { name: new RegExp(`立案审批：${CASE_NAME}`) }),
    ).toBeVisible();
    const parties = page.locator(".schema-object-table");
    await expect(parties.getByRole("cell", { name: "走查甲公司", exact: true })).toBeVisible();
    await expect(parties.getByRole("cell", { name: "原告", exact: true })).toBeVisible();
    await expect(page.getByText("走查甲公司: ")).toHaveCount(0);
    const conflict = page.getByRole("region", { name: "利益冲突检索" });
    await expect(
      conflict.locator(".ant-descriptions-item").filter({ hasText: "命中" }).first(),
    ).toContainText(String(hitCount));
    await expect(conflict.getByText(/潜在冲突 × 1/)).toBeVisible();
    await expect(conflict.getByRole("cell", { name: "走查判断" }).first()).toBeVisible();
    // Nothing the approver cannot change is an input on the page.
    await expect(
      page.locator(".wf-detail input:not([type=hidden]), .wf-detail textarea"),
    ).toHaveCount(0);
    await shots(page, "walkthrough-case-approval-zh");
    await inEnglish(page);
    await expect(
      page.getByRole("heading", { name: new RegExp(`New case: ${CASE_NAME}`) }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Conflict check" }).getByText(/Potential conflict × 1/),
    ).toBeVisible();
    await shots(page, "walkthrough-case-approval-en");
    await acceptAs(request, caseInstanceId, ["partner", "admin"]);
    caseId = (
      await api<{ caseId: string }>(
        request,
        "lawyer",
        "get",
        `/api/case-submissions/${caseInstanceId}`,
      )
    ).caseId;
    caseNo = (await api<{ caseNo: string }>(request, "lawyer", "get", `/api/cases/${caseId}`))
      .caseNo;
  });

  test("a contract approval shows its seal, its fee terms in yuan and the case by number and name", async ({
    page,
    request,
  }) => {
    const seal = (
      await api<{ id: string; name: string; sealType: string }[]>(
        request,
        "lawyer",
        "get",
        "/api/seal-options",
      )
    ).find((s) => s.sealType === "contract")!;
    const values = {
      name: CONTRACT_NAME,
      contractType: "engagement",
      caseId,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      amount: "2860000.00",
      feeType: "fixed",
      feeFixed: "1500000",
      copies: 2,
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
    await signIn(page, request, "partner");
    await page.goto(`/manage/contract/workflow/${instanceId}`);
    await expect(
      page.getByRole("heading", { name: new RegExp(`合同审批：${CONTRACT_NAME}`) }),
    ).toBeVisible();
    const terms = page.getByRole("region", { name: "申请的合同" });
    await expect(terms.getByText("¥2,860,000.00", { exact: true })).toBeVisible();
    await expect(terms.getByText("¥1,500,000.00", { exact: true })).toBeVisible();
    await expect(terms.getByText(seal.name, { exact: true })).toBeVisible();
    // The number the contract will get, marked as expected until the approval is accepted.
    await expect(terms.getByText("预计编号，审批通过时确定")).toBeVisible();
    const caseLink = terms.getByRole("link", { name: `${caseNo} ${CASE_NAME}` });
    await expect(caseLink).toHaveAttribute("href", `/manage/case/detail/${caseId}`);
    await expect(page.getByText("查看案件")).toHaveCount(0);
    await shots(page, "walkthrough-contract-approval-zh");
    // Submitted in Chinese, read in English: the title follows the reader.
    await inEnglish(page);
    await expect(
      page.getByRole("heading", { name: new RegExp(`Contract approval: ${CONTRACT_NAME}`) }),
    ).toBeVisible();
    await expect(page.getByText("合同审批：")).toHaveCount(0);
    await expect(
      page
        .getByRole("region", { name: "Proposed contract" })
        .getByText("¥1,500,000.00", { exact: true }),
    ).toBeVisible();
    await shots(page, "walkthrough-contract-approval-en");
    await acceptAs(request, instanceId, ["partner", "admin", "finance"]);
  });

  test("a seal approval names its case", async ({ page, request }) => {
    const seal = (
      await api<{ id: string; sealType: string }[]>(request, "lawyer", "get", "/api/seal-options")
    ).find((s) => s.sealType === "official")!;
    const { folderId } = await api<{ folderId: string }>(
      request,
      "lawyer",
      "get",
      `/api/cases/${caseId}`,
    );
    const fileId = await upload(request, "lawyer", `走查律师函${stamp}.pdf`, folderId);
    const values = {
      documentType: "lawyer-letter",
      caseId,
      recipients: [{ name: "走查收件单位", copies: 1 }],
      files: [{ fileId, copies: 1 }],
      sealId: seal.id,
      reason: "走查用印",
      reviewed: true,
      mode: "office",
    };
    const { instanceId } = await api<{ instanceId: string }>(
      request,
      "lawyer",
      "post",
      "/api/seal-request-submissions",
      { values },
    );
    await signIn(page, request, "partner");
    await page.goto(`/manage/seal/workflow/${instanceId}`);
    // The request, then its case, load one after the other: slow on a busy machine.
    await expect(page.getByRole("link", { name: `${caseNo} ${CASE_NAME}` })).toBeVisible({
      timeout: 30_000,
    });
    await shots(page, "walkthrough-seal-approval-zh");
    await inEnglish(page);
    await expect(page.getByRole("heading", { name: /Seal request YY\d+: / })).toBeVisible();
    await shots(page, "walkthrough-seal-approval-en");
  });

  test("the case's timeline tells its creation in one sentence, with the contract and the seal request", async ({
    page,
    request,
  }) => {
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/case/detail/${caseId}?tab=timeline`);
    const timeline = page.locator(".case-timeline");
    const created = timeline.getByText(
      new RegExp(`通过审批「立案审批：${CASE_NAME}」建立案件 ${caseNo} ${CASE_NAME}`),
    );
    await expect(created).toBeVisible();
    await expect(created.getByRole("link", { name: `立案审批：${CASE_NAME}` })).toHaveAttribute(
      "href",
      `/manage/case/workflow/${caseInstanceId}`,
    );
    await expect(timeline.getByText(new RegExp(`合同「${CONTRACT_NAME}」`))).toBeVisible();
    await expect(timeline.getByText(/申请用印 YY\d+/)).toBeVisible();
    await expect(timeline.getByText(new RegExp(`上传文件「走查律师函${stamp}`))).toBeVisible();
    for (const key of ["folderId", "pendingChanges", "terminatedAt", "version"])
      await expect(timeline.getByText(key)).toHaveCount(0);
    await shots(page, "walkthrough-timeline-zh");
    await inEnglish(page);
    await expect(
      timeline.getByText(
        new RegExp(
          `opened case ${caseNo} ${CASE_NAME} through the approval “New case: ${CASE_NAME}”`,
        ),
      ),
    ).toBeVisible();
    await expect(timeline.getByText(/requested the seal/)).toBeVisible();
    await shots(page, "walkthrough-timeline-en");
  });
});

/** A client change's summary shows money as on every screen, in the approval the manager reads. */
test.describe("money in a change's summary", () => {
  const setting = async (request: APIRequestContext, on: boolean) =>
    api(request, "admin", "put", "/api/workflow/business-settings", { accountChanges: on });
  test.afterAll(async ({ request }) => {
    await setting(request, false);
  });

  test("registered capital reads ¥2,860,000.00 → ¥1,500,000.00", async ({ page, request }) => {
    await useFirm(request, "partner", "明德律师事务所");
    const created = await api<{ id: string; version: number }>(
      request,
      "lawyer",
      "post",
      "/api/accounts",
      {
        accountType: "organization",
        name: `走查资本${stamp}有限公司`,
        creditCode: `91310000MD${stamp}00`,
        registeredCapital: "2860000.00",
      },
    );
    await setting(request, true);
    const pending = await api<{ pendingApprovalId: string }>(
      request,
      "lawyer",
      "patch",
      `/api/accounts/${created.id}`,
      { registeredCapital: "1500000", version: created.version },
    );
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/workflow/detail/${pending.pendingApprovalId}`);
    await expect(page.getByText(/¥2,860,000\.00 → ¥1,500,000\.00/)).toBeVisible();
    await expect(page.getByText(/2860000\.00 →/)).toHaveCount(0);
    await snap(page, "walkthrough-account-change-zh");
  });
});
