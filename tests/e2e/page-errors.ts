import { expect, type Page, test as base } from "@playwright/test";

const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/**
 * A `test` whose page records every uncaught error (`pageerror`) and every console error, and
 * fails the test on any of them after it ran (a rejected promise that escapes a dialog shows up
 * here as "pageerror: Object"). The browser's own log line for a 4xx answer is not an error of
 * the page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message || String(error)}`));
      page.on("console", (message) => {
        // A 4xx the spec provokes on purpose (a refusal, a revoked token, a row out of scope) is
        // logged by the browser itself; the app shows it to the user. A 5xx is never expected.
        if (message.type() === "error" && !EXPECTED_REFUSAL.test(message.text()))
          errors.push(`console: ${message.text()}`);
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
