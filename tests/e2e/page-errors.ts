import { expect, type Page, test as base } from "@playwright/test";

/**
 * A `test` whose page records every uncaught error (`pageerror`) and every console error, and
 * fails the test on any of them after it ran (a rejected promise that escapes a dialog shows up
 * here as "pageerror: Object").
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message || String(error)}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "page errors and console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The shown toast (the app has one toast at a time). */
export const toast = (page: Page) => page.getByTestId("app-toast");
