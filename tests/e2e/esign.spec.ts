import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { docxOf } from "../fixtures/docx";
import { approvedContract, FIRM, lastMessage, phone } from "./esign-setup";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

const stamp = Date.now().toString().slice(-6);
const CONTRACT = `电子签署合同${stamp}`;
const SIGNER = { name: "王签", email: `wangqian${stamp}@example.com` };

/** Serious and critical WCAG 2.1 AA findings of every screen the flow passes, reported at the end. */
const findings: string[] = [];

/**
 * A screenshot and an axe audit in each colour scheme. The public pages follow the system's; the
 * admin app does too with its theme set to "system" (no reload, so a half-filled form survives).
 */
const bothSchemes = async (page: Page, name: string) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // antd and the pages fade colours in; the screenshot and axe must see the final ones.
    await page.waitForTimeout(300);
    await snap(page, `${name}-${scheme}`);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
      .options({ resultTypes: ["violations"] })
      .analyze();
    for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
      for (const n of v.nodes)
        findings.push(
          `${name} ${scheme}: [${v.impact}] ${v.id} ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
        );
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
};

/** Another person of the firm at their own desk: a browser context of their own, signed in. */
const desk = async (browser: Browser, request: APIRequestContext, username: string) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await signIn(page, request, username);
  return { context, page };
};

/** The newest Outbox row of a kind to the recipient, as an admin sees it on the Outbox screen (no mail server in tests). */
const outboxRow = async (admin: Page, recipient: string, kind: "签署链接" | "验证码") => {
  await admin.goto(`/manage/outbox?q=${encodeURIComponent(recipient)}`);
  const row = admin
    .getByRole("row")
    .filter({ hasText: recipient })
    .filter({ hasText: kind })
    .first();
  await expect(row).toBeVisible();
  return row;
};

/** The signing link, read from the message's body (the row expanded). */
const linkFromOutbox = async (admin: Page, recipient: string) => {
  await (
    await outboxRow(admin, recipient, "签署链接")
  )
    .getByRole("button", { name: /展开行|Expand row/ })
    .click();
  return (await admin.locator("pre.outbox-body").first().textContent())!.match(
    /\/manage\/esign\/[A-Za-z0-9_-]+/,
  )![0];
};

/** The one-time code: the subject ends with it ("… signing code: 123456"), and the subject is the first cell that does. */
const codeFromOutbox = async (admin: Page, recipient: string) => {
  const row = await outboxRow(admin, recipient, "验证码");
  return (await row
    .getByRole("cell")
    .filter({ hasText: /\d{6}\s*$/ })
    .first()
    .textContent())!.match(/(\d{6})\s*$/)![1];
};

/** Drags a rectangle on an element, from and to fractions of its box. */
const dragOn = async (page: Page, testId: string, from: [number, number], to: [number, number]) => {
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(
    box.x + box.width * ((from[0] + to[0]) / 2),
    box.y + box.height * ((from[1] + to[1]) / 2),
    { steps: 5 },
  );
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
  await page.mouse.up();
};

test.describe("electronic signing", () => {
  test.describe.configure({ mode: "serial" });
  // One long flow: a step that cannot happen should fail in seconds, not at the test's timeout.
  test.use({ actionTimeout: 20_000 });
  test.beforeAll(async ({ request }) => {
    for (const username of ["admin", "lawyer", "finance"]) await useFirm(request, username, FIRM);
  });

  test("the lawyer prepares and sends, the counterparty signs on a phone, the firm signer seals, the sealed PDF verifies", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    // The demo firm's electronic seal; its custodian (finance, 刘芳) signs for the firm.
    const sealName = `${FIRM}电子合同章`;
    // Its Word draft is attached too: listed with why it cannot be signed, never offered.
    const contractId = await approvedContract(request, CONTRACT, SIGNER, [
      { name: `${CONTRACT}.docx`, body: await docxOf("合同草稿 Draft") },
    ]);
    await page.goto("/user-center/login");
    await page
      .context()
      .addCookies([{ name: "law-manage-theme", value: "system", domain: "127.0.0.1", path: "/" }]);
    await signIn(page, request, "lawyer");

    // The lawyer prepares: the PDF, the counterparty from the contract, the firm with its seal.
    await page.goto(`/manage/contract/detail/${contractId}?tab=esign`);
    await expect(page.getByTestId("esign-signing-status")).toHaveText("未签署");
    await page.getByRole("button", { name: "发起签署" }).click();
    await page.getByRole("radio", { name: new RegExp(`${CONTRACT}\\.pdf`) }).check();
    await expect(page.getByText("共 2 页")).toBeVisible();
    const notSignable = page.getByRole("alert").filter({ hasText: "以下附件无法电子签署" });
    await expect(notSignable).toContainText(`${CONTRACT}.docx`);
    await expect(notSignable).toContainText("不是 PDF");
    await expect(page.getByRole("radio", { name: /\.docx/ })).toHaveCount(0);
    const first = page.getByRole("group", { name: "签署人 1" });
    await expect(first.getByLabel("姓名")).toHaveValue(SIGNER.name);
    await expect(first.getByLabel("邮箱")).toHaveValue(SIGNER.email);
    await page.getByRole("button", { name: "添加签署人" }).click();
    const second = page.getByRole("group", { name: "签署人 2" });
    // antd's button-style radios hide the input itself: the label is what a person clicks.
    await second.getByText("本所", { exact: true }).click();
    await expect(second.getByRole("radio", { name: "本所" })).toBeChecked();
    await second.getByRole("button", { name: "选择人员" }).click();
    const picker = page.getByRole("dialog", { name: "选择人员" });
    await picker.getByPlaceholder("按姓名或拼音首字母搜索").fill("刘芳");
    await picker.getByRole("radio").first().check();
    await picker.getByRole("button", { name: /确定/ }).click();
    // The custodian's only electronic seal may be chosen already (its name then covers the box):
    // the keyboard opens the list either way.
    await second.getByLabel("电子章").focus();
    await page.keyboard.press("ArrowDown");
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: sealName })
      .click();
    await expect(second.getByTitle(sealName)).toBeVisible();
    await bothSchemes(page, "esign-01-prepare");
    await page.getByRole("button", { name: "下一步" }).click();

    // Fields: the counterparty's signature dragged on page 1; the firm's added by keyboard, moved with arrows.
    await expect(page.getByRole("img", { name: "第 1 页，共 2 页" })).toBeVisible();
    await dragOn(page, "esign-page-overlay", [0.1, 0.75], [0.4, 0.83]);
    await expect(
      page.getByRole("button", { name: `签名：${SIGNER.name}，第 1 页` }).first(),
    ).toBeVisible();
    await page.getByLabel("签署人", { exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").nth(1).click();
    await page.getByRole("button", { name: "添加位置" }).click();
    const firmBox = page.locator(".esign-box.is-selected");
    await expect(firmBox).toBeFocused();
    const before = (await firmBox.boundingBox())!;
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Shift+ArrowLeft");
    const after = (await firmBox.boundingBox())!;
    expect(after.x).toBeLessThan(before.x);
    expect(after.y).toBeLessThan(before.y);
    // Delete removes a box, and the keyboard path puts it back.
    await page.keyboard.press("Delete");
    await expect(page.locator(".esign-box")).toHaveCount(1);
    await page.getByRole("button", { name: "添加位置" }).click();
    await expect(page.locator(".esign-box")).toHaveCount(2);
    await bothSchemes(page, "esign-02-place");
    await page.getByRole("button", { name: "下一步" }).click();
    await page.getByRole("button", { name: /^发\s*送$/ }).click();
    await expect(page.getByTestId("esign-request-status")).toHaveText("待签署");
    await expect(page.getByTestId("esign-signing-status")).toHaveText("已发送签署");
    await bothSchemes(page, "esign-03-sent");

    // The link, as the counterparty got it, read by an admin on the Outbox page, searched as a person would.
    // Meanwhile the lawyer keeps the contract open: what follows must arrive without a reload.
    const office = await desk(browser, request, "admin");
    await office.page.goto("/manage/outbox");
    await office.page.getByLabel("搜索收件人、主题或正文").fill(SIGNER.email);
    await office.page.getByLabel("搜索收件人、主题或正文").press("Enter");
    await expect(office.page.getByRole("row").filter({ hasText: SIGNER.email })).toHaveCount(1);
    await bothSchemes(office.page, "esign-04-outbox");
    const link = await linkFromOutbox(office.page, SIGNER.email);

    const mobile = await phone(browser);
    const p = mobile.page;
    await p.goto(link);
    await expect(p.getByRole("heading", { level: 1, name: CONTRACT })).toBeVisible();
    await bothSchemes(p, "esign-05-code");
    await p.getByRole("button", { name: "发送验证码" }).click();
    await expect(p.getByText(/验证码已发送至/)).toBeVisible();
    await p.getByLabel("6 位验证码").fill("000000");
    await p.getByRole("button", { name: "确认" }).click();
    await expect(p.getByRole("alert")).toBeVisible();
    const code = await codeFromOutbox(office.page, SIGNER.email);
    await p.getByLabel("6 位验证码").fill(code);
    await p.getByRole("button", { name: "确认" }).click();

    await expect(p.getByRole("img", { name: "第 1 页，共 2 页" })).toBeVisible();
    await bothSchemes(p, "esign-06-document");
    await expect(p.getByRole("button", { name: "签署", exact: true })).toBeDisabled();
    await p.getByRole("button", { name: "在此签名" }).first().click();
    const pad = p.getByRole("dialog", { name: "您的签名" });
    await expect(pad).toBeVisible();
    const canvas = (await p.getByTestId("signature-canvas").boundingBox())!;
    await p.mouse.move(canvas.x + 30, canvas.y + canvas.height * 0.7);
    await p.mouse.down();
    for (const [fx, fy] of [
      [0.2, 0.3],
      [0.35, 0.75],
      [0.5, 0.25],
      [0.65, 0.7],
      [0.85, 0.35],
    ]) {
      await p.mouse.move(canvas.x + canvas.width * fx, canvas.y + canvas.height * fy, { steps: 6 });
    }
    await p.mouse.up();
    await bothSchemes(p, "esign-07-pad");
    await pad.getByRole("button", { name: "使用此签名" }).click();
    await expect(p.getByRole("button", { name: "更改此处签名" })).toBeVisible();
    await p.getByRole("button", { name: "签署", exact: true }).click();
    await expect(p.getByRole("heading", { name: "感谢您，签署已完成" })).toBeVisible();
    await bothSchemes(p, "esign-08-signed-waiting");

    // Live on the lawyer's screen: the counterparty signed, and it is the firm's turn, not the lawyer's.
    const counterpartyRow = page.getByRole("row").filter({ hasText: SIGNER.email });
    await expect(counterpartyRow.getByText("已签署")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "使用本所电子章签署" })).toHaveCount(0);

    // The seal's custodian signs for the firm at their own desk.
    const signer = await desk(browser, request, "finance");
    await signer.page.goto(`/manage/contract/detail/${contractId}?tab=esign`);
    await signer.page.getByRole("button", { name: "使用本所电子章签署" }).click();
    await signer.page.getByRole("button", { name: /确\s*定|OK/ }).click();
    // Sealing generates the firm's key the first time and embeds the CJK font: slow on a busy box.
    await expect(signer.page.getByTestId("esign-request-status")).toHaveText("已完成", {
      timeout: 60_000,
    });
    await signer.context.close();

    // The lawyer's screen turns to completed by itself, and the lawyer downloads the sealed PDF.
    await expect(page.getByTestId("esign-request-status")).toHaveText("已完成", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("esign-signing-status")).toHaveText("已签署");
    await expect(page.getByText("哈希链完整")).toBeVisible();
    await bothSchemes(page, "esign-09-completed");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "下载已签章 PDF" }).click(),
    ]);
    mkdirSync("test-results/esign", { recursive: true });
    const sealedPath = "test-results/esign/sealed.pdf";
    await download.saveAs(sealedPath);

    // The counterparty sees the end too, with the sealed PDF.
    await p.reload();
    await expect(p.getByText("各方均已签署")).toBeVisible();
    await expect(p.getByRole("link", { name: "下载已签章 PDF" })).toBeVisible();
    await bothSchemes(p, "esign-10-complete");

    // Another device (or after the session ended): the same link asks for a fresh code, then downloads.
    const other = await phone(browser);
    await other.page.goto(link);
    await expect(other.page.getByText("各方均已签署")).toBeVisible();
    await expect(other.page.getByRole("link", { name: "下载已签章 PDF" })).toHaveCount(0);
    await other.page.getByRole("button", { name: "发送验证码" }).click();
    await expect(other.page.getByText(/验证码已发送至/)).toBeVisible();
    await bothSchemes(other.page, "esign-10b-download-code");
    const downloadCode = await codeFromOutbox(office.page, SIGNER.email);
    await other.page.getByLabel("6 位验证码").fill(downloadCode);
    await other.page.getByRole("button", { name: "确认" }).click();
    const [copy] = await Promise.all([
      other.page.waitForEvent("download"),
      other.page.getByRole("link", { name: "下载已签章 PDF" }).click(),
    ]);
    expect(readFileSync((await copy.path())!).equals(readFileSync(sealedPath))).toBe(true);
    expect(other.errors).toEqual([]);
    await other.context.close();
    expect((await lastMessage(request, SIGNER.email, "esign.completed")).body).toContain(
      "/manage/verify",
    );
    await office.context.close();

    // Verify: the sealed PDF passes; a copy with one byte flipped does not.
    await p.goto("/manage/verify");
    await p.getByLabel("选择 PDF").setInputFiles(sealedPath);
    await expect(p.getByRole("heading", { name: "由本所签章，且未被修改" })).toBeVisible();
    await expect(p.getByTestId("verify-result")).toContainText(FIRM);
    await bothSchemes(p, "esign-11-verify-good");
    const bytes = readFileSync(sealedPath);
    bytes[Math.floor(bytes.length / 5)] ^= 0x01;
    writeFileSync("test-results/esign/tampered.pdf", bytes);
    await p.getByLabel("选择 PDF").setInputFiles("test-results/esign/tampered.pdf");
    await expect(p.getByRole("heading", { name: "文件已被修改，或非本所签章" })).toBeVisible();
    await bothSchemes(p, "esign-12-verify-altered");

    // A dead link says so, in the language chosen on the page.
    await p.goto("/manage/esign/not-a-real-token");
    await expect(p.getByRole("heading", { name: "此链接无效或已过期" })).toBeVisible();
    await p.getByRole("button", { name: "English" }).click();
    await expect(
      p.getByRole("heading", { name: "This link is invalid or has expired" }),
    ).toBeVisible();
    await bothSchemes(p, "esign-13-invalid-en");
    expect(mobile.errors).toEqual([]);
    await mobile.context.close();
    expect(findings).toEqual([]);
  });
});
