import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";
import {
  audit,
  clearPolicy,
  codeOf,
  forgetBrowser,
  LANGS,
  newMember,
  newRole,
} from "./two-factor-steps";

/**
 * Two-factor sign-in as a person meets it, in both languages: turning it on in Settings →
 * Security with a code computed here from the secret the screen shows, signing out and in again
 * through the user center's code step (the authenticator code in Chinese, a recovery code in
 * English), and the firm's policy that takes a chosen role to enrolment at its next sign-in. Every
 * new screen is checked with axe (WCAG 2.1 AA, serious and critical) and kept as a screenshot.
 */
for (const L of LANGS) {
  test.describe(`two-factor sign-in (${L.lang})`, () => {
    test.use({ locale: L.lang });

    test("enrols with a code from the app, then signs out and in again with the second factor", async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const name = L.lang === "en" ? "Sun Li" : "孙丽";
      const username = await newMember(request, name, ["lawyer"]);
      await forgetBrowser(page, L.lang);
      await signIn(page, request, username);

      await page.goto("/manage/settings/security");
      await expect(page.getByRole("heading", { name: L.security, level: 1 })).toBeVisible();
      await expect(page.locator(".ant-skeleton")).toHaveCount(0);
      expect(await audit(page, "security page")).toEqual([]);
      await snap(page, `two-factor-${L.lang}-01-security`);

      await page.getByRole("button", { name: L.enable }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("img", { name: L.qr })).toBeVisible();
      const secret = (await dialog.locator(".security-secret code").innerText()).replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await audit(page, "setup dialog")).toEqual([]);
      await snap(page, `two-factor-${L.lang}-02-setup`);
      await dialog.getByLabel(L.appCode).fill(await codeOf(secret));
      await dialog.getByRole("button", { name: L.confirm }).click();
      const codes = dialog.getByRole("list", { name: L.codes }).getByRole("listitem");
      await expect(codes).toHaveCount(10);
      const recoveryCodes = await codes.allInnerTexts();
      expect(await audit(page, "recovery codes")).toEqual([]);
      await snap(page, `two-factor-${L.lang}-03-codes`);
      await dialog.getByRole("button", { name: L.saved }).click();
      await expect(page.getByText(L.on, { exact: true })).toBeVisible();

      // Sign out, then in again on the user center: the code step follows the password.
      await page.getByRole("button", { name: new RegExp(name) }).click();
      await page.getByRole("menuitem", { name: L.signOut }).click();
      await expect(page).toHaveURL(/\/user-center\/logout/);
      await page.goto(`/user-center/login?lang=${L.lang}`);
      await page.getByLabel(L.username).fill(username);
      await page.getByLabel(L.password).fill("demo1234");
      await page.getByRole("button", { name: L.submit }).click();
      await expect(page.getByRole("heading", { name: L.codeStep })).toBeVisible();
      await expect(page.getByLabel(L.code, { exact: true })).toBeFocused();
      expect(await audit(page, "code step")).toEqual([]);
      await snap(page, `two-factor-${L.lang}-04-code-step`);

      if (L.lang === "en") {
        // The phone is at home: a recovery code instead, once.
        await page.getByRole("button", { name: L.useRecovery }).click();
        await expect(page.getByLabel(L.recovery, { exact: true })).toBeVisible();
        expect(await audit(page, "recovery step")).toEqual([]);
        await snap(page, `two-factor-${L.lang}-05-recovery-step`);
        await page.getByLabel(L.recovery, { exact: true }).fill(recoveryCodes[0]);
      } else {
        // The code of the next step: the one of this step was used to turn it on.
        await page.getByLabel(L.code, { exact: true }).fill(await codeOf(secret, 1));
        await page.getByLabel(L.trust).check();
      }
      await page.getByRole("button", { name: L.verify, exact: true }).click();
      await expect(page).toHaveURL(/\/manage\/home$/);

      // The sign-in shows in the history with how it was proven.
      await page.goto("/manage/settings/security");
      const history = page.getByRole("region", { name: L.history });
      await expect(
        history
          .getByRole("cell", { name: L.lang === "en" ? L.viaRecovery : L.viaCode, exact: true })
          .first(),
      ).toBeVisible();
      await expect(page.locator(".ant-skeleton")).toHaveCount(0);
      await snap(page, `two-factor-${L.lang}-06-after-sign-in`);
    });

    test("the firm's policy takes a chosen role to enrolment; an administrator resets it", async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const roleName =
        L.lang === "en" ? `2FA role ${Date.now() % 1000}` : `两步验证角色${Date.now() % 1000}`;
      const roleCode = await newRole(request, roleName);
      const name = L.lang === "en" ? "Zhou Jie" : "周洁";
      const username = await newMember(request, name, ["lawyer", roleCode]);
      try {
        await forgetBrowser(page, L.lang);
        await signIn(page, request, "admin");
        await page.goto("/manage/settings/sign-in-policy");
        await expect(page.getByRole("heading", { name: L.policy, level: 1 })).toBeVisible();
        await page.getByLabel(L.chosenRoles).check();
        await page.getByRole("combobox", { name: L.roles }).click();
        await page
          .locator(".ant-select-dropdown:visible")
          .getByTitle(roleName, { exact: true })
          .click();
        await page.keyboard.press("Escape");
        expect(await audit(page, "sign-in policy")).toEqual([]);
        await snap(page, `two-factor-${L.lang}-07-policy`);
        await page.getByRole("button", { name: L.save }).click();
        await expect(page.getByTestId("app-toast")).toContainText(L.policySaved);

        // The member of that role signs in: enrolment comes first, on the user center.
        await forgetBrowser(page, L.lang);
        await page.getByLabel(L.username).fill(username);
        await page.getByLabel(L.password).fill("demo1234");
        await page.getByRole("button", { name: L.submit }).click();
        await expect(page.getByRole("heading", { name: L.enrolTitle })).toBeVisible();
        const secret = (await page.locator("code.secret").innerText()).replace(/\s/g, "");
        expect(await audit(page, "enrolment")).toEqual([]);
        await snap(page, `two-factor-${L.lang}-08-enrol`);
        await page.getByLabel(L.enrolCode).fill(await codeOf(secret));
        await page.getByRole("button", { name: L.enrolSubmit }).click();
        await expect(page.getByRole("list").getByRole("listitem")).toHaveCount(10);
        expect(await audit(page, "enrolment codes")).toEqual([]);
        await snap(page, `two-factor-${L.lang}-09-enrol-codes`);
        await page.getByRole("link", { name: L.codesSaved }).click();
        await expect(page).toHaveURL(/\/manage\/home$/);

        // The administrator resets the member's second factor from the members screen.
        await forgetBrowser(page, L.lang);
        await signIn(page, request, "admin");
        await page.goto("/manage/settings/members");
        const search = page.getByRole("textbox", { name: L.search });
        await search.fill(username);
        await search.press("Enter");
        const row = page.getByRole("row").filter({ hasText: username });
        await expect(row).toHaveCount(1);
        await row.getByRole("button", { name: new RegExp(L.securityMenu) }).click();
        // The menu says where the member stands before offering the reset.
        await expect(page.getByRole("menuitem", { name: L.reset })).toBeEnabled();
        await page.getByRole("menuitem", { name: L.reset }).click();
        const confirm = page.getByRole("dialog");
        await expect(confirm).toContainText(name);
        expect(await audit(page, "reset confirmation")).toEqual([]);
        await snap(page, `two-factor-${L.lang}-10-reset`);
        await confirm.getByRole("button", { name: L.confirmButton }).click();
        await expect(page.getByTestId("app-toast")).toContainText(L.resetDone);
      } finally {
        await clearPolicy(request);
      }
    });
  });
}
