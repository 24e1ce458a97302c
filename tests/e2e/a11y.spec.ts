import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";

import { apiToken, signIn, snap, useFirm } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * WCAG 2.1 AA (axe's wcag2a, wcag2aa and wcag21aa rules) on the sign-in page and every screen the
 * firm administrator's menu offers, plus a detail page, a form and an open dialog, in both
 * colour schemes, both skins and both languages. A serious or critical finding fails the test;
 * all findings of a run are listed at once, so one run shows everything to fix.
 */

const FIRM = "明德律师事务所";
const TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

/** The admin's menu (src/client/routes.tsx), leaf by leaf. */
const MENU_PAGES = [
  "/home",
  "/calendar",
  "/tasks",
  "/settings/profile",
  "/settings/workspaces",
  "/settings/preferences",
  "/settings/security",
  "/settings/sign-in-policy",
  "/settings/members",
  "/settings/departments",
  "/settings/roles",
  "/settings/member-groups",
  "/settings/dictionaries",
  "/settings/holiday-days",
  "/settings/deadline-rules",
  "/settings/task-templates",
  "/settings/audit-logs",
  "/conflict-interest",
  "/document",
  "/outbox",
  "/contacts",
  "/contract/list",
  "/seal/list",
  "/seal/registry",
  "/workflow/center",
  "/workflow/add",
  "/workflow/definitions",
];

type Finding = string;

/** Serious and critical violations on the page as it is now, one line per rule and element. */
const audit = async (page: Page, where: string): Promise<Finding[]> => {
  // Only violations are reported in full: listing every passing node is most of axe's time.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: [${v.impact}] ${v.id} ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
      ),
    );
};

/** The screen has drawn its data (the live connection keeps the network busy: no "networkidle"). */
const settled = async (page: Page) => {
  await expect(page.locator(".app-layout")).toBeVisible();
  await expect(page.locator(".ant-skeleton")).toHaveCount(0);
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
  await expect(page.locator(".page-loader")).toHaveCount(0);
  // antd fades things in; axe must see the final colours, not a half-transparent frame.
  await page.waitForTimeout(300);
};

const adminGet = async <T>(request: APIRequestContext, url: string) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  const res = await request.get(url, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** The workflow designer of the first demo flow (its canvas, minimap and zoom controls). */
const firstDesigner = async (request: APIRequestContext) => {
  const [flow] = await adminGet<{ id: string }[]>(
    request,
    "/api/workflow/definitions?_start=0&_end=1",
  );
  if (!flow) throw new Error("the demo firm has no workflow");
  return `/workflow/definitions/${flow.id}/design`;
};

/**
 * Client-side navigation, as a menu click does: the router follows popstate, so the SPA is not
 * booted again for every screen (a reload per page would double the spec's time).
 */
const openInApp = async (page: Page, url: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
  }, url);
  await expect(page).toHaveURL((u) => u.pathname === url || u.pathname.startsWith(`${url}/`));
};

/** A client's detail page (an organization's, when the demo firm has one). */
const firstClient = async (request: APIRequestContext) => {
  const rows = await adminGet<{ id: string; accountType: string }[]>(
    request,
    "/api/accounts?_start=0&_end=20",
  );
  const client = rows.find((r) => r.accountType === "organization") ?? rows[0];
  if (!client) throw new Error("the demo firm has no clients");
  return client.accountType === "organization"
    ? `/contacts/instution-detail/${client.id}`
    : `/contacts/natural-detail/${client.id}`;
};

test.describe("sign-in page", () => {
  for (const lang of ["zh-CN", "en"] as const) {
    test(`the user-center page has no serious violation (${lang})`, async ({ page }) => {
      await page.goto(`/user-center/login?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(await audit(page, `user-center ${lang}`)).toEqual([]);
    });
  }
});

/** The public signing and verify pages (their own entry, sign.html), on a phone, in both schemes and languages. */
test.describe("public signing pages", () => {
  for (const [scheme, lang] of [
    ["light", "zh-CN"],
    ["dark", "en"],
  ] as const) {
    test(`the verify page and a dead signing link have no serious violation (${scheme}, ${lang})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/manage/verify");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      const findings: Finding[] = [];
      for (const url of ["/manage/verify", "/manage/esign/no-such-link"]) {
        await page.goto(url);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator("main h2, main label").first()).toBeVisible();
        findings.push(...(await audit(page, `${url} ${scheme}/${lang}`)));
      }
      expect(findings).toEqual([]);
    });
  }
});

/**
 * Every menu page in light/zh-CN and dark/en, so each is seen in both schemes and both languages;
 * the bordered skin (it changes only surfaces and outlines) on the detail, form and dialog
 * screens plus a list and the landing page, in the other two combinations. On an idle machine the
 * spec takes about three and a half minutes this way.
 */
const RUNS = [
  { theme: "light", lang: "zh-CN", skin: "default", pages: MENU_PAGES },
  { theme: "dark", lang: "en", skin: "default", pages: MENU_PAGES },
  {
    theme: "dark",
    lang: "zh-CN",
    skin: "bordered",
    pages: ["/home", "/contacts", "/workflow/center"],
  },
  {
    theme: "light",
    lang: "en",
    skin: "bordered",
    pages: ["/home", "/contacts", "/workflow/center"],
  },
] as const;

test.describe("app screens", () => {
  test.beforeAll(async ({ request }) => {
    await useFirm(request, "admin", FIRM);
  });

  for (const { theme, lang, skin, pages } of RUNS) {
    test(`menu pages, a detail, a form and a dialog (${theme}, ${skin}, ${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await page.goto("/user-center/login");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.context().addCookies(
        [
          ["theme", theme],
          ["skin", skin],
        ].map(([name, value]) => ({
          name: `law-manage-${name}`,
          value,
          domain: "127.0.0.1",
          path: "/",
        })),
      );
      await signIn(page, request, "admin");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.locator("html")).toHaveAttribute("data-skin", skin);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      const findings: Finding[] = [];
      const visit = async (path: string) => {
        await openInApp(page, `/manage${path}`);
        await settled(page);
        findings.push(...(await audit(page, `${path} ${theme}/${skin}/${lang}`)));
      };

      for (const path of pages) await visit(path);
      await visit(await firstClient(request));
      await snap(page, `a11y-detail-${theme}-${skin}-${lang}`);
      await visit("/contacts/new");
      await snap(page, `a11y-form-${theme}-${skin}-${lang}`);
      await visit(await firstDesigner(request));
      await expect(page.locator(".react-flow__minimap")).toBeVisible();
      await snap(page, `a11y-designer-${theme}-${skin}-${lang}`);

      // A dialog: the role editor, opened from the first role's row.
      await visit("/settings/roles");
      await page
        .getByRole("row")
        .nth(1)
        .getByRole("button", { name: lang === "en" ? "Edit" : /编\s?辑/ })
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.waitForTimeout(400);
      findings.push(...(await audit(page, `role dialog ${theme}/${skin}/${lang}`)));
      await snap(page, `a11y-dialog-${theme}-${skin}-${lang}`);

      expect(findings).toEqual([]);
    });
  }
});
