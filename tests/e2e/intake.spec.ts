import { acceptAs, api, pick } from "./api-steps";
import { axeFindings } from "./fees-steps";
import { signIn, snap } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Issue 29, intake (案源): a lead entered on its form, checked for conflicts, seen on the board,
 * converted into a case submission prefilled from it, approved, and linked to its case — in
 * Chinese and in English, every intake screen checked with axe (WCAG 2.1 AA).
 */
const TEXT = {
  "zh-CN": {
    menu: "案源",
    create: "新建案源",
    organization: "机构",
    civil: "民事诉讼",
    source: "转介绍",
    originator: "李明",
    stage: "咨询",
    save: /保\s*存/,
    check: "利冲检索",
    checked: "利冲检索完成",
    report: /利冲报告（\d{4}-\d{2}-\d{2}）：\d+ 条命中/,
    board: "看板",
    checkedColumn: "利冲",
    convert: "转为案件",
    clientCreated: "已根据案源新建客户",
    formal: "民事诉讼 · 正式立案",
    fromLead: /由案源“.+”转化/,
    caseStage: "一审",
    submit: "提交审批",
    converted: "该案源已转化为案件",
    openCase: "查看案件",
    followUps: "跟进",
    newTask: "新建任务",
    taskTitle: /名称/,
  },
  en: {
    menu: "Intake",
    create: "New lead",
    organization: "Organization",
    civil: "Civil litigation",
    source: "Referral",
    originator: "李明",
    stage: "Consultation",
    save: /Save/,
    check: "Conflict check",
    checked: "Conflict check done",
    report: /Conflict report \(\d{4}-\d{2}-\d{2}\): \d+ hits/,
    board: "Board",
    checkedColumn: "Conflict check",
    convert: "Convert to case",
    clientCreated: "A client was created from the lead",
    formal: "Civil litigation · Formal filing",
    fromLead: /Converted from the lead ".+"/,
    caseStage: "First instance",
    submit: "Submit for approval",
    converted: "This lead became a case",
    openCase: "Open the case",
    followUps: "Follow-ups",
    newTask: "New task",
    taskTitle: /Title/,
  },
} as const;

for (const lang of ["zh-CN", "en"] as const) {
  test(`a lead through to a case (${lang})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const T = TEXT[lang];
    const stamp = `${lang === "en" ? "E" : "Z"}${Date.now().toString().slice(-6)}`;
    const title = `${stamp} 星河电子合同纠纷`;
    const prospect = `星河电子${stamp}有限公司`;
    const findings: string[] = [];
    await signIn(page, request, "lawyer");
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    await page.goto("/manage/intake");
    await expect(page.getByRole("menuitem", { name: T.menu })).toBeVisible();
    findings.push(...(await axeFindings(page, `list ${lang}`)));

    // The lead's form, from schemas/leads.schema.json.
    await page.getByRole("button", { name: T.create }).click();
    await expect(page).toHaveURL(/\/manage\/intake\/new$/);
    await page.locator("#root_title").fill(title);
    await page.locator("#root_prospectName").fill(prospect);
    await page.getByRole("radio", { name: T.organization }).check();
    await page.locator("#root_prospectIdNumber").fill(`91110000${stamp.slice(1)}A1B2`);
    await pick(page, "root_stage", T.stage);
    await pick(page, "root_caseType", T.civil);
    await pick(page, "root_source", T.source);
    await pick(page, "root_originatorId", T.originator);
    await page.locator("#root_estimatedFee").fill("80000");
    findings.push(...(await axeFindings(page, `form ${lang}`)));
    await page.getByRole("button", { name: T.save }).click();
    await expect(page).toHaveURL(/\/manage\/intake\/[0-9a-f-]{36}$/);
    const leadId = page.url().split("/").pop()!;
    await expect(page.getByRole("heading", { name: new RegExp(stamp) })).toBeVisible();

    // The conflict check runs on the prospect and keeps its report on the lead.
    await page.getByRole("button", { name: T.check }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: T.check }).click();
    await expect(toast(page)).toContainText(T.checked);
    await expect(page.getByText(T.report)).toBeVisible();
    // A follow-up: a task on the lead, listed under it.
    const followUps = page.getByRole("region", { name: T.followUps });
    await followUps.getByRole("button", { name: T.newTask }).click();
    const taskDialog = page.getByRole("dialog", { name: T.newTask });
    await taskDialog.getByRole("textbox", { name: T.taskTitle }).fill(`${stamp} 回访报价`);
    await taskDialog.getByRole("button", { name: /^(OK|确\s*定|Save|保\s*存)$/ }).click();
    await expect(followUps.getByRole("link", { name: `${stamp} 回访报价` })).toBeVisible();
    await snap(page, `intake-lead-${lang}`);
    findings.push(...(await axeFindings(page, `detail ${lang}`)));

    // On the board, the lead now stands in the conflict-check column.
    await page.goto("/manage/intake?view=board");
    const column = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: new RegExp(`^${T.checkedColumn}`) }),
    });
    await expect(column.getByRole("link", { name: new RegExp(stamp) })).toBeVisible();
    await snap(page, `intake-board-${lang}`);
    findings.push(...(await axeFindings(page, `board ${lang}`)));

    // Convert: the client is made from the prospect, the case form opens prefilled.
    await column.getByRole("link", { name: new RegExp(stamp) }).click();
    await page.getByRole("button", { name: T.convert }).click();
    const dialog = page.getByRole("dialog", { name: T.convert });
    await expect(dialog.getByText(T.clientCreated)).toBeVisible();
    await dialog.getByRole("button", { name: T.formal }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/case/add/.+lead=${leadId}`));
    await expect(page.getByText(T.fromLead)).toBeVisible();
    await expect(page.locator("#root_name")).toHaveValue(title);
    await pick(page, "root_stage", T.caseStage);
    await snap(page, `intake-case-form-${lang}`);
    await page.getByRole("button", { name: T.submit }).click();
    await expect(page).toHaveURL(/\/manage\/case\/workflow\/[0-9a-f-]{36}$/);
    const instanceId = page.url().split("/").pop()!;

    // Once the approval opens the case, the lead is won and links to it.
    await acceptAs(request, instanceId, ["partner", "admin"]);
    const lead = await api<{ stage: string; caseId: string | null }>(
      request,
      "lawyer",
      "get",
      `/api/leads/${leadId}`,
    );
    expect(lead).toMatchObject({ stage: "won" });
    await page.goto(`/manage/intake/${leadId}`);
    await expect(page.getByText(T.converted)).toBeVisible();
    await page.getByRole("link", { name: T.openCase }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/case/detail/${lead.caseId}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // …and the case names the lead it came from.
    await expect(page.getByRole("link", { name: /^XS\d{4}-\d{4}$/ })).toHaveAttribute(
      "href",
      `/manage/intake/${leadId}`,
    );
    expect(findings, "WCAG 2.1 AA findings").toEqual([]);
    await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  });
}
