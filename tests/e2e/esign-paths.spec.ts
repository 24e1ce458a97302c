import type { APIRequestContext, Page } from "@playwright/test";

import { api, approvedContract, FIRM, lastMessage, phone } from "./esign-setup";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/** The other ways a signing ends or a signer signs: declined with a reason, a typed signature, cancelled and re-sent. */

const stamp = Date.now().toString().slice(-6);

/** Opens a signing link on the phone and confirms it with the code the signer was sent. */
const openVerified = async (p: Page, request: APIRequestContext, link: string, email: string) => {
  await p.goto(link);
  await p.getByRole("button", { name: "发送验证码" }).click();
  await expect(p.getByText(/验证码已发送至/)).toBeVisible();
  // The code and link are read from the Outbox's API here; esign.spec.ts reads them on the Outbox screen.
  const code = (await lastMessage(request, email, "esign.code")).subject.match(/(\d{6})\s*$/)![1];
  await p.getByLabel("6 位验证码").fill(code);
  await p.getByRole("button", { name: "确认" }).click();
  await expect(p.getByRole("img", { name: "第 1 页，共 2 页" })).toBeVisible();
};

const linkOf = async (request: APIRequestContext, email: string) =>
  (await lastMessage(request, email, "esign.link")).body.match(
    /\/manage\/esign\/[A-Za-z0-9_-]+/,
  )![0];

/** Inked pixels of the pad's canvas: a typed name must draw something. */
const inkOf = (p: Page) =>
  p.getByTestId("signature-canvas").evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4)
      if (data[i] > 0 && (data[i - 1] < 200 || data[i - 2] < 200 || data[i - 3] < 200)) n += 1;
    return n;
  });

test.describe("electronic signing: other paths", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ actionTimeout: 20_000 });
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "lawyer", FIRM);
  });

  test("two counterparties in parallel: one types a signature and signs, the other declines with a reason; the lawyer sees both live", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const name = `拒签合同${stamp}`;
    const typist = { name: "赵敲", email: `zhaoqiao${stamp}@example.com` };
    const refuser = { name: "钱拒", email: `qianju${stamp}@example.com` };
    const reason = "第三条的违约金过高";
    const contractId = await approvedContract(request, name, typist);
    const state = await api<{ pdfFiles: { id: string; name: string }[] }>(
      request,
      "lawyer",
      "get",
      `/api/contracts/${contractId}/esign`,
    );
    await api(request, "lawyer", "post", `/api/contracts/${contractId}/esign`, {
      fileId: state.pdfFiles.find((f) => f.name === `${name}.pdf`)!.id,
      signingOrder: "parallel",
      signers: [
        { party: "counterparty", ...typist },
        { party: "counterparty", ...refuser },
      ],
      fields: [
        { signer: 0, kind: "signature", page: 2, x: 0.1, y: 0.8, w: 0.25, h: 0.07 },
        { signer: 1, kind: "signature", page: 2, x: 0.55, y: 0.8, w: 0.25, h: 0.07 },
      ],
    });
    // The lawyer keeps the contract open: both outcomes must arrive without a reload.
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/contract/detail/${contractId}?tab=esign`);
    await expect(page.getByTestId("esign-request-status")).toHaveText("待签署");

    const first = await phone(browser);
    await openVerified(first.page, request, await linkOf(request, typist.email), typist.email);
    await first.page.getByRole("button", { name: "在此签名" }).click();
    const pad = first.page.getByRole("dialog", { name: "您的签名" });
    await pad.getByRole("tab", { name: "输入" }).click();
    // The name is offered; the signer types their own way of writing it.
    await expect(pad.getByLabel("您的姓名")).toHaveValue(typist.name);
    await pad.getByLabel("您的姓名").fill("");
    await expect.poll(() => inkOf(first.page)).toBe(0);
    await pad.getByLabel("您的姓名").fill("Zhao Qiao 赵敲");
    await expect.poll(() => inkOf(first.page)).toBeGreaterThan(200);
    await snap(first.page, "esign-15-typed-light");
    await pad.getByRole("button", { name: "使用此签名" }).click();
    await expect(first.page.getByRole("button", { name: "更改此处签名" })).toBeVisible();
    await first.page.getByRole("button", { name: "签署", exact: true }).click();
    await expect(first.page.getByRole("heading", { name: "感谢您，签署已完成" })).toBeVisible();
    await expect(first.page.getByText("已通知其他签署人签署")).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: typist.email }).getByText("已签署"),
    ).toBeVisible({ timeout: 20_000 });

    const second = await phone(browser);
    await openVerified(second.page, request, await linkOf(request, refuser.email), refuser.email);
    await second.page.getByRole("button", { name: "拒签" }).click();
    const dialog = second.page.getByRole("dialog", { name: "拒绝签署" });
    // A refusal without a reason is not sent.
    await dialog.getByRole("button", { name: "拒签" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("请填写原因");
    await dialog.getByLabel("原因").fill(reason);
    await snap(second.page, "esign-16-decline-light");
    await dialog.getByRole("button", { name: "拒签" }).click();
    await expect(second.page.getByRole("heading", { name: "您已拒绝签署" })).toBeVisible();
    // The link is spent: opened again, it answers like any dead link.
    await second.page.reload();
    await expect(second.page.getByRole("heading", { name: "此链接无效或已过期" })).toBeVisible();

    await expect(page.getByTestId("esign-request-status")).toHaveText("已拒签", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("esign-signing-status")).toHaveText("已拒签");
    const refuserRow = page.getByRole("row").filter({ hasText: refuser.email });
    await expect(refuserRow.getByText("已拒签")).toBeVisible();
    await expect(refuserRow).toContainText(`原因：${reason}`);
    await expect(page.getByRole("button", { name: "重新发起" })).toBeVisible();
    await snap(page, "esign-17-declined-light");
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  test("a request is cancelled with a reason, then sent again; the ended one stays in the history", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const name = `撤销重发合同${stamp}`;
    const contractId = await approvedContract(request, name, {
      name: "李四",
      email: `lisi${stamp}@example.com`,
    });
    await signIn(page, request, "lawyer");
    await page.goto(`/manage/contract/detail/${contractId}?tab=esign`);
    await expect(page.getByRole("button", { name: "发起签署" })).toBeVisible();

    // A request sent through the API, then ended on the screen.
    const state = await api<{ pdfFiles: { id: string; name: string }[] }>(
      request,
      "lawyer",
      "get",
      `/api/contracts/${contractId}/esign`,
    );
    const fileId = state.pdfFiles.find((f) => f.name === `${name}.pdf`)!.id;
    await api(request, "lawyer", "post", `/api/contracts/${contractId}/esign`, {
      fileId,
      signingOrder: "sequential",
      signers: [{ party: "counterparty", name: "李四", email: `lisi${stamp}@example.com` }],
      fields: [{ signer: 0, kind: "signature", page: 2, x: 0.1, y: 0.8, w: 0.25, h: 0.07 }],
    });
    await page.reload();
    await expect(page.getByTestId("esign-request-status")).toHaveText("待签署");
    await page.getByRole("button", { name: "撤销签署" }).click();
    const dialog = page.getByRole("dialog", { name: "撤销签署" });
    await dialog.getByLabel("原因（选填）").fill("客户要求修改条款");
    await dialog.getByRole("button", { name: "撤销签署" }).click();
    await expect(page.getByTestId("esign-request-status")).toHaveText("已撤销");
    await expect(page.getByText("客户要求修改条款").first()).toBeVisible();
    await page.getByRole("button", { name: "重新发起" }).click();
    await page.getByRole("button", { name: /确\s*定|OK/ }).click();
    await expect(page.getByTestId("esign-request-status")).toHaveText("待签署");
    await expect(
      page.getByRole("region", { name: "以往的签署请求" }).getByText("已撤销"),
    ).toBeVisible();
    await snap(page, "esign-14-resent-light");
  });
});
