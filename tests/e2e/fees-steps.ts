import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { acceptAs, api } from "./api-steps";
import { expect } from "./page-errors";

/** Steps of the fees specs (tests/e2e/fees-case.spec.ts): cases, settings and antd controls. */

/** The firm's day (Beijing), shifted by `days`: what "overdue" is counted against. */
export const firmDay = (days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** A formal case of the lawyer's, filed and approved through the API. */
export const newCase = async (request: APIRequestContext, name: string) => {
  const clients = await api<{ id: string }[]>(
    request,
    "lawyer",
    "get",
    // A demo client with a valid credit code (an invoice's buyer tax ID), whatever other specs add.
    `/api/accounts?_start=0&_end=1&name_like=${encodeURIComponent("华信控股集团")}`,
  );
  const me = await api<{ id: string }>(
    request,
    "lawyer",
    "get",
    "/api/user-service/user/get-login-user-info",
  );
  const values = {
    name,
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
  return caseId;
};

export const setCaseChanges = async (request: APIRequestContext, on: boolean) => {
  const settings = await api<Record<string, boolean>>(
    request,
    "admin",
    "get",
    "/api/workflow/business-settings",
  );
  await api(request, "admin", "put", "/api/workflow/business-settings", {
    ...settings,
    caseChanges: on,
  });
};

/** Opens an antd select (found by its input) and picks the option in its own dropdown. */
export const choose = async (page: Page, box: Locator, option: string | RegExp) => {
  // antd names both the select and its input by the label: the input is the combobox.
  const input = box.and(page.locator("input"));
  // The chosen value's text lies over the input: click the select's box, as a person would.
  await input.locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]").click();
  // Another select's dropdown may still be fading out: pick in the one this select controls.
  const list = await input.getAttribute("aria-controls");
  const dropdown = page
    .locator(".ant-select-dropdown")
    .filter({ has: page.locator(`[id="${list}"]`) });
  await dropdown.locator(".ant-select-item-option").filter({ hasText: option }).first().click();
  await expect(dropdown).toBeHidden();
};

export const typeDate = async (input: Locator, value: string) => {
  await input.click();
  await input.fill(value);
  await input.press("Enter");
};

export const withTheme = async (page: Page, theme: "light" | "dark") => {
  await page
    .context()
    .addCookies([{ name: "law-manage-theme", value: theme, domain: "127.0.0.1", path: "/" }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
};

/**
 * WCAG 2.1 AA findings (serious and critical) in what the fees feature draws (`within`: its cards,
 * its dialog, its page), one line each; the rest of the page is the a11y spec's.
 */
export const axeFindings = async (page: Page, where: string, within = "main") => {
  const { violations } = await new AxeBuilder({ page })
    .include(within)
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(" ")}`));
};
