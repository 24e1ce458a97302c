import type { APIRequestContext, Page } from "@playwright/test";

import { acceptAs, api, pick } from "./api-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

type Lang = "zh-CN" | "en";

const signInAs = async (page: Page, request: APIRequestContext, who: string, lang: Lang) => {
  await signIn(page, request, who);
  await page.evaluate((l) => localStorage.setItem("language", l), lang);
};

const TEXT = {
  "zh-CN": {
    newCase: "新建案件",
    chooser: "新建案件",
    kind: /^民事诉讼 · /,
    run: "进行利冲检索",
    check: /^利冲检索：/,
    results: "检索结果",
    likely: "疑似冲突",
    potential: "潜在冲突",
    noHit: "：无命中",
    save: "保存报告",
    attached: /已附利冲报告（命中 \d+ 条）/,
    organization: "机构",
    adverse: "对方当事人",
    orphan: "未关联案件",
    discard: "丢弃",
    add: "添加",
    edit: /编\s*辑/,
    save2: /保\s*存/,
    submitted: "变更已提交审批",
    pending: "变更待审批",
  },
  en: {
    newCase: "New case",
    chooser: "Start a case",
    kind: /^Civil litigation · /,
    run: "Run the conflict check",
    check: /^Conflict check: /,
    results: "Results",
    likely: "Likely conflict",
    potential: "Potential conflict",
    noHit: ": no hit",
    save: "Save report",
    attached: /Conflict report attached \(\d+ hits\)/,
    organization: "Organization",
    adverse: "Adverse party",
    orphan: "No case",
    discard: "Discard",
    add: "Add",
    edit: /Edit/,
    save2: /Save/,
    submitted: "The changes were submitted for approval",
    pending: "Changes pending approval",
  },
} as const;

test.describe("conflict check on the new-case form", () => {
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "lawyer", "明德律师事务所");
    await useFirm(request, "admin", "明德律师事务所");
  });
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`an existing client entered as the adverse party is flagged on the form and on the saved report (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const x = TEXT[lang];
      const stamp = Date.now().toString().slice(-7);
      const client = `对方客户${stamp}有限公司`;
      const nobody = `查无此人${stamp}`;
      await api(request, "lawyer", "post", "/api/accounts", {
        accountType: "organization",
        name: client,
        creditCode: `91310000MA${stamp}X`,
      });

      await signInAs(page, request, "lawyer", lang);
      await page.goto("/manage/case/list");
      await page.getByRole("button", { name: x.newCase }).click();
      await page
        .getByRole("dialog", { name: x.chooser })
        .getByRole("button", { name: x.kind })
        .first()
        .click();
      await expect(page).toHaveURL(/\/manage\/case\/add\//);
      await page.locator("#root_name").fill(`利冲对方客户测试${stamp}`);
      for (const [i, name] of [client, nobody].entries()) {
        await page.getByRole("button", { name: x.add }).last().click();
        await page.locator(`#root_parties_${i}_name`).fill(name);
        await pick(page, `root_parties_${i}_partyType`, x.organization);
        await pick(page, `root_parties_${i}_conflictRole`, new RegExp(`^${x.adverse}$`));
      }
      // The related client is a client picker (typing asks the server), not free text.
      await page.locator("#root_parties_0_accountId").fill(client.slice(0, 8));
      await page
        .locator(".ant-select-dropdown:visible .ant-select-item-option")
        .filter({ hasText: client })
        .first()
        .click();
      // The supervising partner picker offers partners, not the finance clerk or the intern.
      await page
        .locator("#root_leadPartnerId")
        .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
        .click();
      const partners = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
      await expect(partners.filter({ hasText: "李明" })).toHaveCount(1);
      await expect(partners.filter({ hasText: "刘芳" })).toHaveCount(0);
      await expect(partners.filter({ hasText: "赵磊" })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: x.run }).click();
      const check = page.getByRole("dialog", { name: x.check });
      const results = check.getByRole("region", { name: x.results });
      await expect(results).toBeVisible();
      const row = results
        .getByRole("row")
        .filter({ hasText: client })
        .filter({ hasText: x.likely });
      await expect(row.first()).toBeVisible();
      // A likely conflict starts decided as a potential one; the keyword without hits is listed.
      await expect(row.first().getByText(x.potential)).toBeVisible();
      await expect(results.getByText(`${nobody}${x.noHit}`)).toBeVisible();
      await snap(page, `conflicts-case-form-panel-${lang}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await snap(page, `conflicts-case-form-panel-${lang}-1440`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await check.getByRole("button", { name: x.save }).click();
      await expect(check).toBeHidden();
      await expect(page.getByText(x.attached)).toBeVisible();

      // The saved report (abandoned form: it belongs to no case) shows the flag and the decision.
      const [report] = await api<{ id: string }[]>(
        request,
        "lawyer",
        "get",
        `/api/conflicts/reports?q=${encodeURIComponent(nobody)}`,
      );
      await page.goto(`/manage/conflict-interest?report=${report.id}`);
      const saved = page.getByRole("row").filter({ hasText: client }).filter({ hasText: x.likely });
      // The page's chunk loads on first visit (slow on a shared CI machine).
      await expect(saved.first()).toBeVisible({ timeout: 30_000 });
      await expect(saved.first().getByText(x.potential)).toBeVisible();
      await expect(page.getByText(`${nobody}${x.noHit}`)).toBeVisible();
      const listed = page
        .getByRole("row")
        .filter({ hasText: nobody })
        .filter({ hasText: x.orphan });
      await expect(listed.getByRole("button", { name: new RegExp(x.discard) })).toBeVisible();
      await snap(page, `conflicts-case-form-report-${lang}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await snap(page, `conflicts-case-form-report-${lang}-1440`);
    });

    test(`Settings → Roles marks and edits the partner roles (${lang})`, async ({
      page,
      request,
    }) => {
      const x =
        lang === "zh-CN"
          ? { title: "角色管理", flag: "合伙人角色", edit: /编\s*辑/ }
          : { title: "Roles", flag: "Partner role", edit: /Edit/ };
      await signInAs(page, request, "admin", lang);
      await page.goto("/manage/settings/roles");
      await expect(page.getByRole("heading", { name: x.title })).toBeVisible({ timeout: 30_000 });
      const partner = page
        .getByRole("row")
        .filter({ has: page.getByText("partner", { exact: true }) });
      await expect(partner.getByText(x.flag)).toBeVisible();
      await expect(
        page
          .getByRole("row")
          .filter({ has: page.getByText("finance", { exact: true }) })
          .getByText(x.flag),
      ).toHaveCount(0);
      await partner.getByRole("button", { name: x.edit }).click();
      await expect(page.getByRole("dialog").getByRole("switch", { name: x.flag })).toBeChecked();
      await snap(page, `conflicts-roles-partner-${lang}`);
    });

    test(`an edit that needs approval shows the pending-change banner at the top with a toast (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const x = TEXT[lang];
      const stamp = Date.now().toString().slice(-7);
      const settings = await api<{ accountChanges: boolean; caseChanges: boolean }>(
        request,
        "admin",
        "get",
        "/api/workflow/business-settings",
      );
      await api(request, "admin", "put", "/api/workflow/business-settings", {
        ...settings,
        caseChanges: true,
      });
      try {
        const clients = await api<{ id: string }[]>(
          request,
          "lawyer",
          "get",
          "/api/accounts?_start=0&_end=1&_sort=name&_order=asc",
        );
        const me = await api<{ id: string }>(
          request,
          "lawyer",
          "get",
          "/api/user-service/user/get-login-user-info",
        );
        const values = {
          name: `横幅测试案件${stamp}`,
          accountId: clients[0].id,
          caseType: "civil-litigation",
          filingType: "formal",
          leadLawyerId: me.id,
          parties: [],
        };
        const { instanceId } = await api<{ instanceId: string }>(
          request,
          "lawyer",
          "post",
          "/api/case-submissions",
          { values },
        );
        await acceptAs(request, instanceId, ["partner", "admin"]);
        const { caseId } = await api<{ caseId: string }>(
          request,
          "lawyer",
          "get",
          `/api/case-submissions/${instanceId}`,
        );

        await signInAs(page, request, "lawyer", lang);
        await page.goto(`/manage/case/edit/${caseId}`);
        await page.locator("#root_name").fill(`横幅测试改名${stamp}`);
        // Saved from the bottom of a long form: the detail must open at its top, banner in view.
        await page.getByRole("button", { name: x.save2 }).last().click();
        await expect(page.getByTestId("app-toast")).toContainText(x.submitted);
        await expect(page).toHaveURL(new RegExp(`/manage/case/detail/${caseId}`));
        const banner = page.getByText(x.pending).first();
        await expect(banner).toBeVisible();
        await expect(banner).toBeInViewport();
        await snap(page, `conflicts-case-change-banner-${lang}`);
      } finally {
        await api(request, "admin", "put", "/api/workflow/business-settings", settings);
      }
    });
  }
});
