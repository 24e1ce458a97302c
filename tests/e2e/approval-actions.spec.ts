import { randomUUID } from "node:crypto";

import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Every approval action's dialog, submitted empty and then filled, in zh-CN and en: the form
 * shows its messages and no rejected promise escapes (the fixture fails on any page error or
 * console error); a toast names what was done; the current-step column names every step.
 */

const FIRM = "明德律师事务所";

/** The lawyer starts a leave request through the API; the partner (department head) gets it. */
const startLeave = async (request: APIRequestContext, title: string) => {
  const token = await apiToken(request, "lawyer");
  const headers = { authorization: `Bearer ${token}` };
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

/** The lawyer (the initiator) cancels those of her approvals that are still running. */
const cancelRunning = async (request: APIRequestContext, ids: string[]) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "lawyer")}` };
  for (const id of ids) {
    const detail = (await (
      await request.get(`/api/workflow/instances/${id}`, { headers })
    ).json()) as { data: { status: string } };
    if (detail.data.status !== "running") continue;
    const res = await request.post(`/api/workflow/instances/${id}/actions`, {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { type: "cancel", comment: "e2e cleanup" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
};

type Words = {
  toolbar: string;
  ok: RegExp;
  cancel: RegExp;
  comment: string;
  commentRequired: string;
  required: string;
  choosePeople: string;
  pickerSearch: string;
  pickerOk: RegExp;
  initiator: string;
  /** The seeded leave flow's first step, named in both languages by the seed. */
  headStep: string;
  actions: Record<
    "accept" | "reject" | "return" | "transfer" | "addSign" | "cc" | "cancel",
    string
  >;
  done: Record<
    "accept" | "reject" | "return" | "transfer" | "addSign" | "cc" | "cancel",
    (title: string) => string
  >;
};

const ZH: Words = {
  toolbar: "审批操作",
  ok: /^确\s*定$/,
  cancel: /^取\s*消$/,
  comment: "审批意见",
  commentRequired: "请填写意见",
  required: "必填",
  choosePeople: "选择人员",
  pickerSearch: "按姓名或拼音首字母搜索",
  pickerOk: /^确定（1）$/,
  initiator: "发起人",
  headStep: "部门负责人",
  actions: {
    accept: "同意",
    reject: "驳回",
    return: "退回",
    transfer: "转交",
    addSign: "加签",
    cc: "抄送",
    cancel: "撤销",
  },
  done: {
    accept: (x) => `已同意「${x}」`,
    reject: (x) => `已驳回「${x}」`,
    return: (x) => `已退回「${x}」`,
    transfer: (x) => `已将「${x}」转交他人`,
    addSign: (x) => `已为「${x}」加签`,
    cc: (x) => `已抄送「${x}」`,
    cancel: (x) => `已撤销「${x}」`,
  },
};

const EN: Words = {
  toolbar: "Approval actions",
  ok: /^OK$/,
  cancel: /^Cancel$/,
  comment: "Comment",
  commentRequired: "Please enter a comment",
  required: "is required",
  choosePeople: "Choose people",
  pickerSearch: "Search by name or pinyin initials",
  pickerOk: /^OK \(1\)$/,
  initiator: "Initiator",
  headStep: "Department head",
  actions: {
    accept: "Accept",
    reject: "Reject",
    return: "Return",
    transfer: "Transfer",
    addSign: "Add signature",
    cc: "CC",
    cancel: "Cancel process",
  },
  done: {
    accept: (x) => `Accepted “${x}”`,
    reject: (x) => `Rejected “${x}”`,
    return: (x) => `Returned “${x}”`,
    transfer: (x) => `Transferred “${x}”`,
    addSign: (x) => `Added signers to “${x}”`,
    cc: (x) => `CC'd “${x}”`,
    cancel: (x) => `Cancelled “${x}”`,
  },
};

const spaced = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

const openAction = async (page: Page, w: Words, action: keyof Words["actions"]) => {
  await page
    .getByRole("toolbar", { name: w.toolbar })
    .getByRole("button", { name: spaced(w.actions[action]) })
    .click();
  const dialog = page.getByRole("dialog", { name: w.actions[action] });
  await expect(dialog).toBeVisible();
  return dialog;
};

/** Presses OK on an empty dialog: the messages show under the fields and the dialog stays. */
const submitEmpty = async (dialog: Locator, w: Words, messages: string[]) => {
  await dialog.getByRole("button", { name: w.ok }).click();
  for (const m of messages)
    await expect(dialog.getByText(m, { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeVisible();
};

const pickPerson = async (
  page: Page,
  dialog: Locator,
  w: Words,
  initials: string,
  name: string,
) => {
  await dialog.getByRole("button", { name: w.choosePeople }).click();
  const picker = page.getByRole("dialog", { name: w.choosePeople });
  await picker.getByPlaceholder(w.pickerSearch).fill(initials);
  await picker.getByText(name, { exact: true }).click();
  await picker.getByRole("button", { name: w.pickerOk }).click();
  await expect(dialog.getByText(name)).toBeVisible();
};

const confirm = async (page: Page, dialog: Locator, w: Words, done: string) => {
  await dialog.getByRole("button", { name: w.ok }).click();
  await expect(toast(page)).toContainText(done);
  await expect(dialog).toBeHidden();
};

/**
 * After an action the page moves on to the next pending item (the spec's "next pending"): another
 * approval than the one just handled, one the partner still has to act on, showing its own title.
 */
const expectNextPendingOpened = async (
  page: Page,
  request: APIRequestContext,
  handledId: string,
) => {
  await expect(page).toHaveURL(/[?&]from=pending/);
  const openedId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
    new URL(page.url()).pathname,
  )?.[0];
  expect(openedId).toBeTruthy();
  expect(openedId).not.toBe(handledId);
  // The title is read in the page's language: a business approval's title follows its reader.
  const lang = await page.evaluate(() => localStorage.getItem("language") ?? "zh-CN");
  const headers = { authorization: `Bearer ${await apiToken(request, "partner")}`, lang };
  const next = (await (
    await request.get(`/api/workflow/instances/${openedId}`, { headers })
  ).json()) as { data: { title: string; myTasks: unknown[] } };
  expect(next.data.myTasks.length).toBeGreaterThan(0);
  await expect(page.getByText(next.data.title).first()).toBeVisible();
};

const setLanguage = async (page: Page, language: "zh-CN" | "en") => {
  await page.evaluate((lang) => localStorage.setItem("language", lang), language);
};

for (const [lang, w] of [
  ["zh-CN", ZH],
  ["en", EN],
] as const) {
  test(`every approval action validates, confirms with a toast and names the step (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const tag = `${lang} ${Date.now() % 100000}`;
    const titles = {
      ret: `退回测试 ${tag}`,
      rej: `驳回测试 ${tag}`,
      tra: `转交测试 ${tag}`,
      add: `加签测试 ${tag}`,
      acc: `同意测试 ${tag}`,
      can: `撤销测试 ${tag}`,
    };
    const ids: Record<string, string> = {};
    for (const [k, title] of Object.entries(titles)) ids[k] = await startLeave(request, title);

    await useFirm(request, "partner", FIRM);
    await signIn(page, request, "partner");
    await setLanguage(page, lang);

    // Return: the target and the comment are required; filled, it goes back to the initiator.
    await page.goto(`/manage/workflow/detail/${ids.ret}`);
    let dialog = await openAction(page, w, "return");
    await submitEmpty(dialog, w, [w.required, w.commentRequired]);
    await snap(page, `approval-actions-${lang}-01-return-empty`);
    await dialog.getByRole("combobox").click();
    await page
      .locator(".ant-select-dropdown:visible")
      .getByText(w.initiator, { exact: true })
      .click();
    await dialog.getByLabel(w.comment).fill("请补充材料");
    await confirm(page, dialog, w, w.done.return(titles.ret));
    await snap(page, `approval-actions-${lang}-02-returned-toast`);
    await expectNextPendingOpened(page, request, ids.ret);

    // Reject: the comment is required.
    await page.goto(`/manage/workflow/detail/${ids.rej}`);
    dialog = await openAction(page, w, "reject");
    await submitEmpty(dialog, w, [w.commentRequired]);
    await dialog.getByLabel(w.comment).fill("不符合规定");
    await confirm(page, dialog, w, w.done.reject(titles.rej));
    await expectNextPendingOpened(page, request, ids.rej);

    // Transfer: somebody must be chosen.
    await page.goto(`/manage/workflow/detail/${ids.tra}`);
    dialog = await openAction(page, w, "transfer");
    await submitEmpty(dialog, w, [w.required]);
    await snap(page, `approval-actions-${lang}-03-transfer-empty`);
    await pickPerson(page, dialog, w, "wjg", "王建国");
    await confirm(page, dialog, w, w.done.transfer(titles.tra));

    // Add signature and CC: people are required; CC does not end the task, add-sign (before me) neither.
    await page.goto(`/manage/workflow/detail/${ids.add}`);
    dialog = await openAction(page, w, "cc");
    await submitEmpty(dialog, w, [w.required]);
    await pickPerson(page, dialog, w, "lf", "刘芳");
    await confirm(page, dialog, w, w.done.cc(titles.add));
    dialog = await openAction(page, w, "addSign");
    await submitEmpty(dialog, w, [w.required]);
    await pickPerson(page, dialog, w, "wjg", "王建国");
    await confirm(page, dialog, w, w.done.addSign(titles.add));

    // Accept needs nothing: submitted empty, it is done, and a cancelled dialog leaves no trace.
    await page.goto(`/manage/workflow/detail/${ids.acc}`);
    dialog = await openAction(page, w, "reject");
    await dialog.getByRole("button", { name: w.cancel }).click();
    await expect(dialog).toBeHidden();
    dialog = await openAction(page, w, "accept");
    await confirm(page, dialog, w, w.done.accept(titles.acc));
    await expectNextPendingOpened(page, request, ids.acc);

    // The returned approval waits on the initiator: the current-step column says so.
    await page.goto("/manage/workflow/center/all");
    const row = page.getByRole("row", { name: new RegExp(titles.ret) });
    await expect(row).toContainText(`${w.initiator}: 张伟`);
    // The transferred one waits on 王建国 at the seeded first step, named in the page's language.
    await expect(page.getByRole("row", { name: new RegExp(titles.tra) })).toContainText(
      `${w.headStep}: 王建国`,
    );
    await snap(page, `approval-actions-${lang}-04-all-current-step`);
    // The detail's timeline names the step the same way.
    await page.goto(`/manage/workflow/detail/${ids.tra}`);
    await expect(page.getByText(w.headStep).first()).toBeVisible();
    if (lang === "en") await expect(page.getByText(ZH.headStep)).toHaveCount(0);

    // The initiator cancels one of hers: the dialog takes an optional reason.
    await signIn(page, request, "lawyer");
    await setLanguage(page, lang);
    await page.goto(`/manage/workflow/detail/${ids.can}`);
    dialog = await openAction(page, w, "cancel");
    await confirm(page, dialog, w, w.done.cancel(titles.can));
    // Her returned one: the pending list names her step too.
    await page.goto("/manage/workflow/center/pending");
    await expect(page.getByRole("row", { name: new RegExp(titles.ret) })).toContainText(
      w.initiator,
    );

    // Finish what was started: the approvals still running would wait on the partner and the
    // director in the specs that follow, which expect their own approval next.
    await cancelRunning(request, Object.values(ids));
  });
}
