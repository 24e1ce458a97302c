import { type Locator, type Page } from "@playwright/test";

import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/** Opens an antd Select (by its accessible name) and picks the option with this label. */
const choose = async (
  page: Page,
  name: string | RegExp,
  option: string,
  scope: Locator | Page = page,
) => {
  await scope
    .getByRole("combobox", { name })
    .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
    .click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
};

/** antd spaces out two-character Chinese button labels ("保 存"). */
const spaced = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

const canvas = (page: Page) => page.locator(".react-flow__node");

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< >>\n%%EOF\n`,
    "latin1",
  );

const FLOW = `E2E 报销 ${Date.now()}`;
const TITLE = `差旅报销 ${Date.now() % 100000}`;

/** Puts files into the uploader of a form item (the one whose help text is `hint`), and waits until they are up. */
const attach = async (
  scope: Locator,
  hint: string | RegExp,
  files: { name: string; text: string }[],
) => {
  const item = scope.locator(".ant-form-item").filter({ hasText: hint });
  await item
    .locator("input[type=file]")
    .setInputFiles(
      files.map((f) => ({ name: f.name, mimeType: "application/pdf", buffer: pdf(f.text) })),
    );
  await expect(item.locator(".ant-upload-list-item-done")).toHaveCount(files.length, {
    timeout: 20_000,
  });
};

/** The form-builder row of field n (1-based). */
const row = (page: Page, n: number) =>
  page
    .getByRole("list", { name: "表单字段" })
    .getByRole("listitem")
    .nth(n - 1);

const addField = async (page: Page, type: string) => {
  await page.getByRole("button", { name: "添加字段" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
};

/** Shows the current page in English, screenshots it, and switches back (the app keeps the language in localStorage). */
const snapInEnglish = async (page: Page, name: string, ready: (page: Page) => Promise<void>) => {
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
  await ready(page);
  await snap(page, name);
  await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  await page.reload();
};

test.describe("workflow administration", () => {
  test("builds a form field by field, attaches files when starting and approving, reassigns a task and archives the workflow", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    await page.getByRole("button", { name: "新建流程" }).first().click();
    const create = page.getByRole("dialog", { name: "新建流程" });
    await create.getByLabel("流程名称").fill(FLOW);
    await create.getByRole("button", { name: spaced("新建") }).click();
    await expect(page).toHaveURL(/\/workflow\/definitions\/.+\/design/);

    // The form tab: a field builder instead of raw JSON.
    await page.getByRole("tab", { name: "表单" }).click();
    await expect(page.getByRole("list", { name: "表单字段" }).getByRole("listitem")).toHaveCount(1);
    await addField(page, "金额");
    await page.getByLabel("第 2 个字段的键").fill("amount");
    await page.getByLabel("第 2 个字段的键").press("Enter");
    await page.getByLabel("第 2 个字段的中文名称").fill("报销金额");
    await page.getByLabel("第 2 个字段的英文名称").fill("Amount");
    await row(page, 2).getByRole("checkbox", { name: "必填" }).check();
    await addField(page, "单选");
    await page.getByLabel("第 3 个字段的键").fill("category");
    await page.getByLabel("第 3 个字段的键").press("Enter");
    await page.getByLabel("第 3 个字段的中文名称").fill("类别");
    await page.getByLabel("第 3 个字段的英文名称").fill("Category");
    const options = page.getByRole("combobox", { name: "第 3 个字段的选项" });
    await options.click();
    await options.fill("差旅");
    await options.press("Enter");
    await options.fill("办公");
    await options.press("Enter");
    await addField(page, "附件");
    await page.getByLabel("第 4 个字段的中文名称").fill("票据");
    await page.getByLabel("第 4 个字段的英文名称").fill("Receipts");
    // Reorder: the category goes before the amount.
    await page.getByRole("button", { name: "上移第 3 个字段" }).click();
    await expect(page.getByLabel("第 2 个字段的键")).toHaveValue("category");
    // Or by dragging a row by its handle: the receipts to the top, then back down by buttons.
    await page.getByRole("button", { name: "拖动第 4 个字段" }).dragTo(row(page, 1));
    await expect(page.getByLabel("第 1 个字段的键")).toHaveValue("field4");
    for (const n of [1, 2, 3])
      await page.getByRole("button", { name: `下移第 ${n} 个字段` }).click();
    await expect(page.getByLabel("第 4 个字段的键")).toHaveValue("field4");
    await expect(
      page
        .locator(".wf-form-tab")
        .getByLabel(/报销金额/)
        .first(),
    ).toBeVisible();

    // The JSON view is the same form, both ways: a property written there shows up in the list.
    await page.getByRole("tab", { name: "JSON（高级）" }).click();
    const json = page.getByLabel("表单 JSON Schema");
    await expect(json).toHaveValue(/"format": "money"/);
    const schema = JSON.parse(await json.inputValue()) as {
      properties: Record<string, unknown>;
      "x-order": string[];
    };
    expect(schema["x-order"]).toEqual(["title", "category", "amount", "field4"]);
    // A type ajv refuses: only the server's check finds it.
    schema.properties.code = { type: "text", title: "编号" };
    schema["x-order"].push("code");
    await json.fill(JSON.stringify(schema, null, 2));
    await page.getByRole("tab", { name: "字段" }).click();
    await expect(page.getByRole("list", { name: "表单字段" }).getByRole("listitem")).toHaveCount(5);
    await expect(row(page, 5).getByText("自定义（JSON）")).toBeVisible();
    await snap(page, "workflow-admin-01-field-builder");

    // The flow: the initiator's manager, then the director when the amount is at least 5000,
    // picked from the builder's fields.
    await page.getByRole("tab", { name: "流程" }).click();
    await canvas(page).getByRole("button", { name: "审批人", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "审批人" });
    await choose(page, "审批人类型", "发起人的部门主管", drawer);
    await drawer.getByRole("button", { name: "关闭" }).click();
    await page.getByRole("button", { name: "在此添加节点" }).nth(1).click();
    await page.getByRole("menuitem", { name: "条件分支" }).click();
    await canvas(page).getByRole("button", { name: "分支 1" }).click();
    const branch = page.getByRole("dialog", { name: "条件分支" });
    await branch.getByRole("button", { name: "添加条件" }).click();
    await choose(page, "条件字段", "报销金额", branch);
    await choose(page, "运算符", "大于等于", branch);
    await branch.getByLabel("条件值").fill("5000");
    await branch.getByRole("button", { name: "关闭" }).click();
    await page.getByRole("button", { name: "在此添加节点" }).nth(2).click();
    await page.getByRole("menuitem", { name: "审批人" }).click();
    const second = page.getByRole("dialog", { name: "审批人" });
    await second.getByLabel("节点名称").fill("主任审批");
    await choose(page, "审批人类型", "角色", second);
    await choose(page, "角色", "管理员", second);
    await second.getByRole("button", { name: "关闭" }).click();

    // Publishing: the server's own check points at the field at fault, not a toast.
    await page.getByRole("button", { name: spaced("发布") }).click();
    await expect(page.locator(".wf-error-list").getByText("字段“code”的定义无效")).toBeVisible();
    await page
      .locator(".wf-error-list")
      .getByRole("button", { name: /表单 · code/ })
      .click();
    await expect(row(page, 5).getByRole("alert")).toHaveText("字段“code”的定义无效");
    await snap(page, "workflow-admin-02-server-error-on-field");
    await snapInEnglish(page, "workflow-admin-02-server-error-on-field-en", async (p) => {
      await p.getByRole("button", { name: "Publish" }).click();
      await p
        .locator(".wf-error-list")
        .getByRole("button", { name: /Form · code/ })
        .click();
      await expect(
        p
          .getByRole("list", { name: "Form fields" })
          .getByRole("listitem")
          .nth(4)
          .getByRole("alert"),
      ).toHaveText('The definition of the field "code" is not valid');
    });
    // (Reloading dropped the server's answer; the draft was saved before publishing.)
    await page.getByRole("tab", { name: "表单" }).click();
    await page.getByRole("button", { name: "删除第 5 个字段" }).click();
    await page
      .getByRole("button", { name: spaced("删除") })
      .last()
      .click();
    await expect(page.getByRole("list", { name: "表单字段" }).getByRole("listitem")).toHaveCount(4);
    await page.getByRole("button", { name: spaced("发布") }).click();
    await expect(page.getByText("已发布为 v1")).toBeVisible();

    // Starting: the initiator attaches a scan (its spaces become "_") and a note.
    await signIn(page, request, "lawyer");
    await page.goto("/manage/workflow/add");
    await page.getByRole("button", { name: new RegExp(FLOW) }).click();
    await page.getByLabel(/标题/).fill(TITLE);
    await page.getByLabel(/报销金额/).fill("8000");
    await page.getByLabel("给审批人的附言（选填）").fill("三月出差");
    await attach(page.locator(".wf-start"), "随审批锁定", [
      { name: "发票 3月.pdf", text: "invoice" },
    ]);
    await expect(page.getByText("发票_3月.pdf")).toBeVisible();
    const preview = page.getByLabel("审批流程预览");
    await expect(preview.getByText("主任审批")).toBeVisible();
    await snap(page, "workflow-admin-03-start-with-attachment");
    await page.getByRole("button", { name: spaced("提交") }).click();
    await expect(
      page
        .getByRole("list", { name: "附件" })
        .getByRole("button", { name: "发票_3月.pdf", exact: true }),
    ).toBeVisible();

    // Approving with a file: the partner attaches a review in the action dialog.
    await useFirm(request, "partner", "明德律师事务所");
    await signIn(page, request, "partner");
    await page.goto("/manage/workflow/center/pending");
    await page.getByRole("link", { name: TITLE }).click();
    await page
      .getByRole("toolbar", { name: "审批操作" })
      .getByRole("button", { name: spaced("同意") })
      .click();
    const dialog = page.getByRole("dialog", { name: "同意" });
    await dialog.getByLabel("审批意见").fill("票据齐全");
    await attach(dialog, "随审批锁定", [{ name: "审核意见.pdf", text: "review" }]);
    await snap(page, "workflow-admin-04-approve-with-attachment");
    await dialog.getByRole("button", { name: spaced("确定") }).click();
    await expect(dialog).toBeHidden();

    // The director sees both files in the timeline, opens one, downloads the other.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/center/pending");
    await page.getByRole("link", { name: TITLE }).click();
    const timeline = page.locator(".wf-detail");
    await expect(timeline.getByRole("button", { name: "发票_3月.pdf", exact: true })).toBeVisible();
    await expect(timeline.getByRole("button", { name: "审核意见.pdf", exact: true })).toBeVisible();
    await timeline.getByRole("button", { name: "预览 审核意见.pdf" }).click();
    const viewer = page.getByRole("dialog", { name: "审核意见.pdf" });
    // By a ticket link of the approval's own route, shown by the browser itself (no blob in memory).
    await expect(viewer.locator("iframe")).toHaveAttribute(
      "src",
      /^\/api\/workflow\/instances\/[0-9a-f-]+\/files\/[0-9a-f-]+\/download\?ticket=/,
    );
    await expect(viewer.locator("iframe")).toBeVisible();
    await snap(page, "workflow-admin-05-attachment-preview");
    await viewer
      .getByRole("button", { name: "Close" })
      .or(viewer.getByRole("button", { name: "关闭" }))
      .first()
      .click();
    const download = page.waitForEvent("download");
    await timeline.getByRole("button", { name: "下载 发票_3月.pdf" }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe("发票_3月.pdf");
    expect(saved.url()).toMatch(
      /\/api\/workflow\/instances\/[0-9a-f-]+\/files\/[0-9a-f-]+\/download\?ticket=/,
    );
    await snap(page, "workflow-admin-06-timeline-attachments");

    // Reassign: the administrator hands their own open step to finance.
    await timeline.getByRole("button", { name: "改派 王建国 的任务" }).click();
    const reassign = page.getByRole("dialog", { name: "改派任务" });
    await reassign.getByRole("button", { name: "选择人员" }).click();
    const picker = page.getByRole("dialog", { name: "选择人员" });
    await picker.getByPlaceholder("按姓名或拼音首字母搜索").fill("lf");
    await picker.getByRole("radio", { name: "刘芳" }).check();
    await picker.getByRole("button", { name: "确定（1）" }).click();
    await reassign.getByLabel("原因（选填）").fill("主任出差");
    await snap(page, "workflow-admin-07-reassign");
    await snapInEnglish(page, "workflow-admin-06-timeline-attachments-en", async (p) => {
      await expect(p.getByRole("button", { name: "Reassign 王建国's task" })).toBeVisible();
    });
    await timeline.getByRole("button", { name: "改派 王建国 的任务" }).click();
    await reassign.getByRole("button", { name: "选择人员" }).click();
    await picker.getByPlaceholder("按姓名或拼音首字母搜索").fill("lf");
    await picker.getByRole("radio", { name: "刘芳" }).check();
    await picker.getByRole("button", { name: "确定（1）" }).click();
    await reassign.getByLabel("原因（选填）").fill("主任出差");
    await reassign.getByRole("button", { name: spaced("确定") }).click();
    await expect(reassign).toBeHidden();
    await expect(timeline.getByText("改派给 刘芳")).toBeVisible();
    await expect(timeline.getByText("主任出差")).toBeVisible();
    await snap(page, "workflow-admin-08-reassigned");

    // Archive: the workflow leaves the start page; the approval already running goes on.
    await page.goto("/manage/workflow/definitions");
    const defRow = page.getByRole("row", { name: new RegExp(FLOW) });
    await defRow.getByRole("button", { name: spaced("归档") }).click();
    await page
      .locator(".ant-popconfirm")
      .getByRole("button", { name: spaced("归档") })
      .click();
    await expect(defRow).toHaveCount(0);
    await page.locator(".ant-segmented").getByText("已归档").click();
    await expect(page.getByRole("row", { name: new RegExp(FLOW) })).toBeVisible();
    await snap(page, "workflow-admin-09-archived");
    await snapInEnglish(page, "workflow-admin-09-archived-en", async (p) => {
      await p.locator(".ant-segmented").getByText("Archived").click();
      await expect(p.getByRole("row", { name: new RegExp(FLOW) })).toBeVisible();
    });

    await signIn(page, request, "lawyer");
    await page.goto("/manage/workflow/add");
    await expect(page.getByRole("heading", { name: "发起审批" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(FLOW) })).toHaveCount(0);
    await useFirm(request, "finance", "明德律师事务所");
    await signIn(page, request, "finance");
    await page.goto("/manage/workflow/center/pending");
    await page.getByRole("link", { name: TITLE }).click();
    await page
      .getByRole("toolbar", { name: "审批操作" })
      .getByRole("button", { name: spaced("同意") })
      .click();
    const last = page.getByRole("dialog", { name: "同意" });
    await last.getByRole("button", { name: spaced("确定") }).click();
    await expect(last).toBeHidden();
  });

  test("shows the changed screens in English", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem("language", "en"));
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    await page.locator(".ant-segmented").getByText("Archived").click();
    const archived = page.getByRole("row", { name: new RegExp(FLOW) });
    await archived.getByRole("button", { name: "Restore" }).click();
    await expect(archived).toHaveCount(0);
    await page.locator(".ant-segmented").getByText("In use").click();
    await expect(
      page.getByRole("row", { name: new RegExp(FLOW) }).getByRole("button", { name: "Archive" }),
    ).toBeVisible();
    await snap(page, "workflow-admin-09b-in-use-en");
    await page
      .getByRole("row", { name: new RegExp(FLOW) })
      .getByRole("button", { name: "Design" })
      .click();
    await page.getByRole("tab", { name: "Form" }).click();
    await expect(page.getByLabel("English label of field 3")).toHaveValue("Amount");
    await snap(page, "workflow-admin-01-field-builder-en");
    await page.getByRole("tab", { name: "JSON (advanced)" }).click();
    await snap(page, "workflow-admin-01b-json-en");

    // The approval (now approved) with its files, as the initiator sees it.
    await signIn(page, request, "lawyer");
    await page.goto("/manage/workflow/center/initiated");
    await page.getByRole("link", { name: TITLE }).click();
    await expect(page.getByRole("button", { name: "发票_3月.pdf", exact: true })).toBeVisible();
    await snap(page, "workflow-admin-06b-detail-en");
    await page
      .getByRole("toolbar", { name: "Approval actions" })
      .getByRole("button", { name: "Comment" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Comment" });
    await dialog.getByLabel("Comment").fill("Receipts for the taxi");
    await attach(dialog, "locked with the approval", [{ name: "taxi.pdf", text: "taxi" }]);
    await snap(page, "workflow-admin-04-comment-with-attachment-en");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("button", { name: "taxi.pdf", exact: true })).toBeVisible();

    await page.goto("/manage/workflow/add");
    await page
      .getByRole("button", { name: /Leave|请假/ })
      .first()
      .click();
    await expect(page.getByText("Attach files")).toBeVisible();
    await snap(page, "workflow-admin-03-start-en");

    // A step named in Chinese only shows that name in English; given an English name, the
    // English one (the designer keeps both, like field labels). Not saved: the flow stays as is.
    await signIn(page, request, "admin");
    await page.goto("/manage/workflow/definitions");
    await page
      .getByRole("row", { name: new RegExp(FLOW) })
      .getByRole("button", { name: "Design" })
      .click();
    await page.getByRole("tab", { name: "Flow" }).click();
    await page.locator(".wf-node-name", { hasText: "主任审批" }).click();
    const step = page.getByRole("dialog", { name: "Approval" });
    await expect(step.getByLabel("Step name")).toHaveValue("主任审批");
    await step.getByLabel("English name").fill("Director sign-off");
    await expect(page.locator(".wf-node-name", { hasText: "Director sign-off" })).toBeVisible();
    await expect(page.locator(".wf-node-name", { hasText: "主任审批" })).toHaveCount(0);
    await snap(page, "workflow-admin-10-step-name-en");
  });
});
