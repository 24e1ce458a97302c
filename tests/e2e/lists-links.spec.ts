import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { formatMoney } from "../../src/shared/money";
import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 26 in the browser, in zh-CN and en: a list's record number is a real link (href, opens in
 * a new tab on ctrl/cmd-click) read whole beside its status tag at 1280 px; money reads
 * ¥1,234,567.00 on a list, a detail and the case's finance tab; the menu puts the firm's daily
 * work first and Settings last. Screens of the main lists and a case at 1280 and 1440 px are kept.
 */
const TEXT = {
  "zh-CN": {
    menu: [
      "我的近期",
      "案源",
      "案件",
      "客户",
      "合同",
      "用印",
      "审批",
      "日程",
      "我的任务",
      "利益冲突检索",
      "文档管理",
      "档案",
      "报表",
      "财务",
      "发件箱",
      "设置",
    ],
    closed: "已结案",
    finance: "财务",
  },
  en: {
    menu: [
      "My next days",
      "Intake",
      "Cases",
      "Clients",
      "Contracts",
      "Seals",
      "Approvals",
      "Calendar",
      "My tasks",
      "Conflict check",
      "Documents",
      "Archive",
      "Reports",
      "Finance",
      "Outbox",
      "Settings",
    ],
    closed: "Closed",
    finance: "Finance",
  },
} as const;

type CaseRow = { id: string; caseNo: string; status: string; amount: string | null };

const closedCaseWithAmount = async (request: APIRequestContext) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  const res = await request.get("/api/cases?_start=0&_end=100", { headers });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data: CaseRow[] }).data;
  const found = rows.find((r) => r.status === "closed" && r.amount);
  expect(found, "the demo firm has a closed case with an amount").toBeTruthy();
  return found!;
};

/** Two boxes share no point (touching edges allowed). */
const isApart = async (a: Locator, b: Locator) => {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error("a box is not rendered");
  return (
    p.x + p.width <= q.x + 0.5 ||
    q.x + q.width <= p.x + 0.5 ||
    p.y + p.height <= q.y + 0.5 ||
    q.y + q.height <= p.y + 0.5
  );
};

/**
 * Nothing cuts the link's text off: it scrolls nothing inside itself and ends within its cell
 * (the cell's own scrollWidth counts the fixed column's shadow, so boxes are compared instead).
 */
const expectUnclipped = async (el: Locator) => {
  const sizes = await el.evaluate((node) => {
    const cell = (node.closest("td") as HTMLElement).getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return {
      sw: node.scrollWidth,
      cw: node.clientWidth,
      left: box.left,
      right: box.right,
      cellLeft: cell.left,
      cellRight: cell.right,
    };
  });
  expect(sizes.sw, "link text clipped").toBeLessThanOrEqual(sizes.cw);
  expect(sizes.left, "link starts outside its cell").toBeGreaterThanOrEqual(sizes.cellLeft);
  expect(sizes.right, "link ends outside its cell").toBeLessThanOrEqual(sizes.cellRight);
};

const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

for (const lang of ["zh-CN", "en"] as const) {
  const L = TEXT[lang];
  test.describe(`lists, money and menu (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("language", l), lang);
    });

    test("a case number is a real link, opens in a new tab and reads whole beside its tag", async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const closed = await closedCaseWithAmount(request);
      await signIn(page, request, "admin");
      // The list filtered to that number (as a drill-down opens it): earlier specs add cases, and
      // the demo's closed one is no longer on the first page of everything.
      await page.goto(
        `/manage/case/list?current=1&pageSize=20&filters[0][field]=caseNo&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(closed.caseNo)}`,
      );
      const row = page.locator("tbody tr").filter({ hasText: closed.caseNo });
      // The first answer can be slow on a loaded machine.
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      await expect(page.locator("tbody tr.ant-table-row")).toHaveCount(1);
      const link = row.locator("a.schema-link");
      await expect(link).toHaveText(closed.caseNo);
      await expect(link).toHaveAttribute("href", `/manage/case/detail/${closed.id}`);
      const tag = row.locator(".schema-link-cell .ant-tag").filter({ hasText: L.closed });
      await expect(tag).toBeVisible();
      expect(await isApart(link, tag), "the case number and its tag overlap").toBe(true);
      await expectUnclipped(link);

      // Money on the list: the amount column reads ¥…, never the stored digits.
      await expect(
        row.getByRole("cell", { name: formatMoney(closed.amount), exact: true }),
      ).toBeVisible();

      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        link.click({ modifiers: ["ControlOrMeta"] }),
      ]);
      await expect(tab).toHaveURL(new RegExp(`/manage/case/detail/${closed.id}$`));
      await expect(tab.getByText(closed.caseNo).first()).toBeVisible();
      await tab.close();
      await expect(page).toHaveURL(/\/manage\/case\/list/);

      // A plain click stays in the page (no reload) and opens the case: its amount as money.
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/manage/case/detail/${closed.id}$`));
      await expect(
        page.getByText(formatMoney(closed.amount), { exact: true }).first(),
      ).toBeVisible();
      await shoot(page, `lists-case-detail-${lang}`);
      await page.getByRole("tab", { name: L.finance, exact: true }).click();
      const summary = page.locator(".case-finance-summary");
      await expect(summary).toBeVisible();
      await expect(summary).toContainText("¥");
      expect(await summary.innerText()).not.toMatch(/(^|\s)\d+\.\d{2}(\s|$)/);
      await shoot(page, `lists-case-finance-${lang}`);
    });

    test("every list's first column links to its record and fits its card", async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await signIn(page, request, "admin");
      const lists = [
        {
          path: "/manage/case/list",
          href: /^\/manage\/case\/detail\/[0-9a-f-]{36}$/,
          name: "cases",
        },
        {
          path: "/manage/contract/list",
          href: /^\/manage\/contract\/detail\/[0-9a-f-]{36}$/,
          name: "contracts",
        },
        {
          path: "/manage/contacts",
          href: /^\/manage\/contacts\/(instution|natural)-detail\/[0-9a-f-]{36}$/,
          name: "clients",
        },
        {
          path: "/manage/seal/list",
          href: /^\/manage\/seal\/workflow\/[0-9a-f-]{36}$/,
          name: "seals",
        },
      ];
      for (const list of lists) {
        await page.goto(list.path);
        const links = page.locator("tbody a.schema-link");
        await expect(links.first()).toBeVisible({ timeout: 30_000 });
        for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
          expect(href, list.name).toMatch(list.href);
        for (const width of [1280, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          // The table fits its card or scrolls inside it: nothing reaches past the card's edge.
          const fit = await page.locator(".schema-list").evaluate((el) => {
            const card = el.getBoundingClientRect();
            const scroller = el.querySelector(
              ".ant-table-content, .ant-table-body",
            ) as HTMLElement | null;
            const box = scroller?.getBoundingClientRect();
            return {
              cardRight: card.right,
              tableRight: box?.right ?? 0,
              overflow: getComputedStyle(scroller ?? el).overflowX,
            };
          });
          expect(fit.tableRight, `${list.name} at ${width}`).toBeLessThanOrEqual(fit.cardRight + 1);
          await expect(page.locator("html")).toHaveJSProperty("scrollWidth", width);
          await snap(page, `lists-${list.name}-${lang}-${width}`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    test("the approval centre's titles are links", async ({ page, request }) => {
      const headers = { authorization: `Bearer ${await apiToken(request, "partner")}` };
      const pending = (await (
        await request.get("/api/workflow/lists/pending?_start=0&_end=10", { headers })
      ).json()) as { data: unknown[] };
      expect(pending.data.length, "the demo partner has approvals to decide").toBeGreaterThan(0);
      await signIn(page, request, "partner");
      await page.goto("/manage/workflow/center/pending");
      const approval = page.locator("tbody a.wf-link").first();
      await expect(approval).toHaveAttribute(
        "href",
        /^\/manage\/.+\?task=[0-9a-f-]{36}&from=pending$/,
        { timeout: 30_000 },
      );
      const href = await approval.getAttribute("href");
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        approval.click({ button: "middle" }),
      ]);
      await expect(tab).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
      await tab.close();
    });

    test("the menu: the firm's daily work first, Settings last", async ({ page, request }) => {
      await signIn(page, request, "admin");
      await page.goto("/manage/home");
      const top = page.locator(".nav-menu > li.ant-menu-item, .nav-menu > li.ant-menu-submenu");
      await expect(top.first()).toBeVisible();
      expect((await top.allInnerTexts()).map((s) => s.trim())).toEqual([...L.menu]);
    });
  });
}
