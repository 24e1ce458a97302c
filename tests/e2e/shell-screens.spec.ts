import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

const LAYOUTS = ["vertical", "horizontal", "collapsed"] as const;
const THEMES = ["light", "dark"] as const;

/**
 * A screenshot of each layout in each theme (and skin) for review, in test-results/screens.
 * Preferences are put where the app reads them on load: cookies and localStorage.
 */
for (const theme of THEMES) {
  for (const skin of ["default", "bordered"] as const) {
    test(`screens: every layout in ${theme} / ${skin}`, async ({ page, context, request }) => {
      await signIn(page, request, "admin");
      for (const navLayout of LAYOUTS) {
        const url = new URL(page.url());
        await context.addCookies(
          Object.entries({ theme, skin, "nav-collapsed": String(navLayout === "collapsed") }).map(
            ([name, value]) => ({
              name: `law-manage-${name}`,
              value,
              domain: url.hostname,
              path: "/",
            }),
          ),
        );
        await page.evaluate(
          (value) =>
            localStorage.setItem(
              "law-manage-layout",
              JSON.stringify({
                navLayout: value,
                navbarType: "sticky",
                footerType: "static",
                isRtl: false,
              }),
            ),
          navLayout,
        );
        await page.goto("/manage/settings/audit-logs");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(
          page.locator(`.app-layout.nav-${navLayout === "horizontal" ? "horizontal" : "vertical"}`),
        ).toBeVisible();
        await expect(page.getByRole("cell").first()).toBeVisible();
        await snap(page, `layout-${navLayout}-${theme}-${skin}`);
      }
      await page.goto("/manage/no/such/page");
      await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
      await snap(page, `layout-blank-${theme}-${skin}`);
    });
  }
}
