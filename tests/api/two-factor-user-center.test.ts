import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { userTwoFactor, users } from "../../src/server/db/tables";
import { DEMO_TOTP_SECRET } from "../../src/server/seed/demo";
import { createTestApp, type TestApp } from "../fixtures/app";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** A hidden field's value in the rendered form. */
const fieldOf = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1].replaceAll("&amp;", "&") ?? "";

describe("the user center's two-factor steps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const submit = (path: string, fields: Record<string, string>, lang = "en", cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: `/user-center/${path}?lang=${lang}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        ...(cookie ? { cookie } : {}),
      },
      payload: form(fields),
    });
  const signIn = (username: string, lang = "en", cookie?: string) =>
    submit("login", { username, password: "demo1234", redirect: "/manage/login" }, lang, cookie);
  const forgetUsedStep = async () => {
    const [partner] = await t.database.db.select().from(users).where(eq(users.username, "partner"));
    await t.database.db
      .update(userTwoFactor)
      .set({ lastUsedStep: null })
      .where(eq(userTwoFactor.userId, partner.id));
  };

  it("asks for the code after the password, then hands the SPA a token in the page's language", async () => {
    const step = await signIn("partner", "zh-CN");
    expect(step.statusCode).toBe(200);
    expect(step.headers["cache-control"]).toBe("no-store");
    expect(step.body).toContain('<html lang="zh-CN"');
    expect(step.body).toContain(">验证码</label>");
    expect(step.body).toContain('autocomplete="one-time-code"');
    expect(step.body).toContain("在此浏览器上 30 天内免验证");
    const challenge = fieldOf(step.body, "challenge");
    const wrong = await submit(
      "verify",
      { challenge, redirect: "/manage/login", code: "000000" },
      "zh-CN",
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain("验证码错误或已使用");
    const done = await submit(
      "verify",
      { challenge, redirect: "/manage/login", code: await codeOf(DEMO_TOTP_SECRET), mode: "app" },
      "zh-CN",
    );
    expect(done.statusCode, done.body).toBe(302);
    const location = new URL(String(done.headers.location), "http://x");
    expect(location.pathname).toBe("/manage/login");
    expect(location.searchParams.get("lang")).toBe("zh-CN");
    const info = await t.app.inject({
      url: "/api/profile",
      headers: { authorization: `Bearer ${location.searchParams.get("token")}` },
    });
    expect(info.json().data.username).toBe("partner");
    expect(done.headers["set-cookie"]).toBeUndefined();
  });

  it("switches to a recovery code without losing the challenge, and trusts the browser when asked", async () => {
    await forgetUsedStep();
    const challenge = fieldOf((await signIn("partner")).body, "challenge");
    const recovery = await submit("verify", {
      challenge,
      redirect: "/manage/login",
      mode: "app",
      switch: "recovery",
    });
    expect(recovery.statusCode).toBe(200);
    expect(recovery.body).toContain(">Recovery code</label>");
    expect(fieldOf(recovery.body, "challenge")).toBe(challenge);
    const back = await submit("verify", { challenge, redirect: "/manage/login", switch: "app" });
    expect(back.body).toContain(">Authentication code</label>");

    const done = await submit("verify", {
      challenge,
      redirect: "/manage/login",
      mode: "app",
      code: await codeOf(DEMO_TOTP_SECRET),
      trust: "1",
    });
    expect(done.statusCode).toBe(302);
    const cookie = String(done.headers["set-cookie"]);
    expect(cookie).toMatch(/^lm_trust_[0-9a-f]{16}=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/user-center");
    expect(cookie).toContain("SameSite=Strict");
    // The next sign-in in this browser goes straight through.
    const again = await signIn("partner", "en", cookie.split(";")[0]);
    expect(again.statusCode).toBe(302);
    expect(String(again.headers.location)).toContain("token=");
  });

  it("sends an expired or forged challenge back to the password form", async () => {
    const res = await submit("verify", {
      challenge: "forged",
      redirect: "/manage/login",
      code: "123456",
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('name="password"');
    expect(res.body).toContain("The verification step has expired, please sign in again");
  });

  it("takes a required member through enrolment: QR code, secret, first code, recovery codes once", async () => {
    const admin = await t.as("admin");
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/security-settings",
      headers: admin,
      payload: { twoFactor: { mode: "all" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await signIn("assistant");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Set up two-factor sign-in");
    expect(page.body).toContain("<svg");
    expect(page.body).toContain('role="img"');
    const secret =
      /<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page.body)?.[1].replaceAll(" ", "") ??
      "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const challenge = fieldOf(page.body, "challenge");

    const typo = await submit("enrol", { challenge, redirect: "/manage/login", code: "000000" });
    expect(typo.statusCode).toBe(400);
    // The same secret again: the phone already holds it.
    expect(typo.body.replaceAll(" ", "")).toContain(secret);
    const done = await submit("enrol", {
      challenge,
      redirect: "/manage/login",
      code: await codeOf(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain("Save your recovery codes");
    const codes = [...done.body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    const href =
      /<a class="button" href="([^"]+)"/.exec(done.body)?.[1].replaceAll("&amp;", "&") ?? "";
    const token = new URL(href, "http://x").searchParams.get("token");
    const me = await t.app.inject({
      url: "/api/profile",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.username).toBe("assistant");
    // From now on: the code step.
    expect((await signIn("assistant")).body).toContain(">Authentication code</label>");
  });
});
