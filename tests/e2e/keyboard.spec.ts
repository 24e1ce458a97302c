import { randomUUID } from "node:crypto";

import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { apiToken, partnerCode, PASSWORD, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * WCAG 2.1.1: the everyday work without a mouse. Signing in on the user-center page, creating a
 * client and accepting an approval take only Tab, Enter, Space and typing (no click); each
 * control reached shows where the focus is.
 */

const FIRM = "明德律师事务所";
const stamp = Date.now().toString().slice(-8);

/** Presses Tab until the target (or something inside it) has the focus. */
const tabTo = async (page: Page, target: Locator, max = 120) => {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i += 1) {
    const isFocused = await target.evaluate(
      (el) => el === document.activeElement || el.contains(document.activeElement),
    );
    if (isFocused) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
};

/**
 * The focused element draws a ring (WCAG 2.4.7): an outline or antd's box-shadow, on itself or,
 * for a menu link, on its menu item.
 */
const expectFocusRing = async (page: Page) => {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return "";
    const holders = [el, el.closest(".ant-menu-item")].filter((x): x is Element => x !== null);
    for (const holder of holders) {
      const style = getComputedStyle(holder);
      if (style.outlineStyle !== "none" && style.outlineWidth !== "0px")
        return `outline ${style.outlineStyle}`;
      if (style.boxShadow !== "none") return `shadow ${style.boxShadow}`;
    }
    return "";
  });
  expect(ring, "the focused element shows a focus ring").not.toBe("");
};

/** The lawyer starts a one-day leave through the API; the partner (her department head) approves. */
const startLeave = async (request: APIRequestContext, title: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "lawyer")}` };
  const startable = (await (await request.get("/api/workflow/startable", { headers })).json()) as {
    data: { id: string; key: string }[];
  };
  const leave = startable.data.find((d) => d.key === "leave");
  if (!leave) throw new Error("the demo leave flow is missing");
  const res = await request.post("/api/workflow/instances", {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: { definitionId: leave.id, form: { title, leaveType: "年假", days: 1 } },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
};

/** Whatever is still running waits on people the later specs expect to be free: cancel it. */
const cancelIfRunning = async (request: APIRequestContext, id: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "lawyer")}` };
  const detail = (await (
    await request.get(`/api/workflow/instances/${id}`, { headers })
  ).json()) as { data: { status: string } };
  if (detail.data.status !== "running") return;
  const res = await request.post(`/api/workflow/instances/${id}/actions`, {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: { type: "cancel", comment: "e2e cleanup" },
  });
  expect(res.status()).toBe(200);
};

test("signs in, creates a client and accepts an approval with the keyboard only", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useFirm(request, "partner", FIRM);
  const title = `键盘审批 ${stamp}`;
  const approvalId = await startLeave(request, title);

  // Sign in on the user-center page.
  await page.goto("/manage");
  await expect(page).toHaveURL(/\/user-center\/login/);
  await tabTo(page, page.getByLabel("用户名"));
  await page.keyboard.type("partner");
  await tabTo(page, page.getByLabel("密码"));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole("button", { name: "登录" }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  // The partner has two-factor sign-in: the code step, by keyboard too (the field has the focus).
  const code = page.getByLabel("验证码", { exact: true });
  await expect(code).toBeFocused();
  await page.keyboard.type(await partnerCode());
  await tabTo(page, page.getByRole("button", { name: "验证", exact: true }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manage\/home$/);

  // A link of the menu shows the focus ring too.
  const nav = page.getByRole("navigation");
  await tabTo(page, nav.getByRole("link", { name: "客户" }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manage\/contacts$/);

  // A client: the list's "add" menu, then the form, saved with Enter.
  await tabTo(page, page.getByRole("button", { name: /新增/ }).first());
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  const addOrganization = page.getByRole("menuitem", { name: "新增机构客户" });
  await expect(addOrganization).toBeVisible();
  // Tab moves into the open menu, the arrows walk its items.
  await page.keyboard.press("Tab");
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(addOrganization).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "新增客户" })).toBeVisible();
  const name = `键盘科技${stamp}有限公司`;
  await tabTo(page, page.getByLabel("客户名称"));
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel("统一社会信用代码"));
  await page.keyboard.type(`91110108KB${stamp}`);
  await tabTo(page, page.getByRole("button", { name: /保\s?存/ }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contacts\/instution-detail\//);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await snap(page, "keyboard-01-client");

  // The approval: open it from the pending list, accept it with a comment, confirm with Space.
  await page.goto("/manage/workflow/center/pending");
  await tabTo(page, page.getByRole("link", { name: title }));
  await page.keyboard.press("Enter");
  const toolbar = page.getByRole("toolbar", { name: "审批操作" });
  await tabTo(page, toolbar.getByRole("button", { name: /^同\s*意$/ }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "同意" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel("审批意见"));
  await page.keyboard.type("键盘同意");
  await snap(page, "keyboard-02-accept-dialog");
  await tabTo(page, dialog.getByRole("button", { name: /^确\s*定$/ }));
  await page.keyboard.press("Space");
  await expect(toast(page)).toContainText(`已同意「${title}」`);
  await expect(dialog).toBeHidden();

  await cancelIfRunning(request, approvalId);
});
