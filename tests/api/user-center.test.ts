import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("built-in user center", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(() => t.close());

  const submit = (fields: Record<string, string>, lang = "en") =>
    t.app.inject({
      method: "POST",
      url: `/user-center/login?lang=${lang}`,
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
      payload: form(fields),
    });

  describe("GET /user-center/login", () => {
    it("shows a Chinese sign-in page by default with username and password fields", async () => {
      const res = await t.app.inject({ url: "/user-center/login?redirect=%2Fmanage%2Flogin" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain('<html lang="zh-CN"');
      expect(res.body).toContain(">用户名</label>");
      expect(res.body).toContain(">密码</label>");
      expect(res.body).toContain('name="username"');
      expect(res.body).toContain('name="password"');
    });

    it("shows the English page when asked", async () => {
      const res = await t.app.inject({ url: "/user-center/login?lang=en" });
      expect(res.body).toContain('<html lang="en"');
      expect(res.body).toContain(">Username</label>");
      expect(res.body).toContain(">Sign in</button>");
    });

    it("escapes whatever comes in the redirect parameter", async () => {
      const res = await t.app.inject({
        url: "/user-center/login?redirect=/manage/login%22%3E%3Cscript%3E",
      });
      expect(res.body).not.toContain('"><script>');
    });
  });

  describe("POST /user-center/login", () => {
    it("redirects back to the SPA with a working token", async () => {
      const res = await submit({
        username: "lawyer",
        password: "demo1234",
        redirect: "http://localhost:3000/manage/login",
      });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/manage\/login\?token=/);
      const token = new URL(location, "http://x").searchParams.get("token");
      const info = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.json().data.username).toBe("lawyer");
    });

    it("refuses to hand a token to a foreign site", async () => {
      const res = await submit({
        username: "lawyer",
        password: "demo1234",
        redirect: "https://evil.example/steal",
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain("The address to return to is not allowed");
    });

    it("shows a translated error and keeps the username on a wrong password", async () => {
      const res = await submit(
        { username: "assistant", password: "wrong", redirect: "/manage/login" },
        "zh-CN",
      );
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain("用户名或密码错误");
      expect(res.body).toContain('value="assistant"');
    });

    it("locks the account after repeated failures, answering like a wrong password", async () => {
      await submit({ username: "finance", password: "bad", redirect: "/manage/login" });
      await submit({ username: "finance", password: "bad", redirect: "/manage/login" });
      const res = await submit({ username: "finance", password: "bad", redirect: "/manage/login" });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain("an account is locked for 15 minutes");
      const right = await submit({
        username: "finance",
        password: "demo1234",
        redirect: "/manage/login",
      });
      expect(right.statusCode).toBe(401);
      expect(right.headers.location).toBeUndefined();
    });

    it("asks for both fields when one is missing", async () => {
      const res = await submit({ username: "", password: "", redirect: "/manage/login" });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("Enter your username and password");
    });
  });

  describe("GET /user-center/logout", () => {
    it("shows the sign-in page with a signed-out note", async () => {
      const res = await t.app.inject({ url: "/user-center/logout?lang=en" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("You have signed out.");
    });
  });
});
