import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";

/**
 * Signing in on the user center hands the SPA the account's stored language (the page's own
 * language only when the account never stored one); the seeded welcome names the firm in both.
 */
describe("the language follows the account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (username: string, pageLang: string) =>
    t.app.inject({
      method: "POST",
      url: `/user-center/login?lang=${pageLang}`,
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
      payload: new URLSearchParams({
        username,
        password: "demo1234",
        redirect: "/manage/login",
      }).toString(),
    });

  const langOf = (location: unknown) =>
    new URL(String(location), "http://x").searchParams.get("lang");

  it("takes the account's stored language over the sign-in page's", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/profile/preferences",
      headers: await t.as("lawyer"),
      payload: { language: "en" },
    });
    expect(saved.statusCode).toBe(200);
    const res = await signIn("lawyer", "zh-CN");
    expect(res.statusCode).toBe(302);
    expect(langOf(res.headers.location)).toBe("en");
  });

  // Not the partner: that account has two-factor sign-in, whose code step carries the language the
  // same way (tests/api/two-factor.test.ts).
  it("keeps the page's language for an account that never stored one", async () => {
    expect(langOf((await signIn("finance", "en")).headers.location)).toBe("en");
    expect(langOf((await signIn("finance", "zh-CN")).headers.location)).toBe("zh-CN");
  });

  it("seeds the welcome notification with the firm's name in both languages", async () => {
    const res = await t.app.inject({ url: "/api/notifications", headers: await t.as("assistant") });
    const rows = res.json().data as { titleKey: string; params: Record<string, string> }[];
    const welcome = rows.find((r) => r.titleKey === "notifications.messages.welcomeTitle");
    expect(welcome?.params).toEqual({ firm: "明德律师事务所", "firm@en": "Mingde Law Firm" });
  });
});
