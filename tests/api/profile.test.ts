import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_PREFERENCES } from "../../src/shared/preferences";
import { createTestApp, type TestApp } from "../fixtures/app";

/** The smallest valid PNG (1×1, transparent). */
const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("/api/profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe("PUT /api/profile", () => {
    it("updates name, suffix, email and phone and shows them in the user info", async () => {
      const headers = await t.as("assistant");
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/profile",
        headers,
        payload: {
          name: "陈静怡",
          nameSuffix: "高级助理",
          email: "cjy@mingde.example",
          phone: "+86-(021)-5555",
        },
      });
      expect(res.statusCode).toBe(200);
      const info = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers,
      });
      expect(info.json().data).toMatchObject({
        name: "陈静怡",
        nameSuffix: "高级助理",
        phone: "+86-(021)-5555",
      });
    });

    it("rejects a bad phone and name in both languages and changes nothing", async () => {
      const payload = { name: "123", nameSuffix: "", email: "", phone: "abc" };
      const en = await t.app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: await t.as("lawyer", { lang: "en" }),
        payload,
      });
      expect(en.statusCode).toBe(422);
      expect(
        en
          .json()
          .data.fields.map((f: { field: string }) => f.field)
          .sort(),
      ).toEqual(["name", "phone"]);
      const zh = await t.app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: await t.as("lawyer", { lang: "zh-CN" }),
        payload,
      });
      expect(zh.json().msg).toMatch(/^以下字段有误/);
      const info = await t.app.inject({ url: "/api/profile", headers: await t.as("lawyer") });
      expect(info.json().data.name).toBe("张伟");
    });
  });

  describe("POST /api/profile/password", () => {
    it("refuses a wrong current password with a translated 400", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profile/password",
        headers: await t.as("finance", { lang: "en" }),
        payload: { oldPassword: "nope", newPassword: "a-new-secret" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: "The current password is wrong" });
    });

    it("changes the password and signs out the user's other sessions, keeping this one", async () => {
      const other = await t.login("finance");
      const headers = await t.as("finance");
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profile/password",
        headers,
        payload: { oldPassword: "demo1234", newPassword: "a-new-secret" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.otherSessionsRevoked).toBeGreaterThanOrEqual(1);
      expect((await t.app.inject({ url: "/api/profile", headers })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${other}` } }))
          .statusCode,
      ).toBe(401);
      await expect(t.login("finance")).rejects.toThrow();
      expect(await t.login("finance", "a-new-secret")).toEqual(expect.any(String));
    });
  });

  describe("PUT /api/profile/avatar", () => {
    it("stores a real image as a data URL", async () => {
      const headers = await t.as("partner");
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/profile/avatar",
        headers,
        payload: { dataUrl: `data:image/png;base64,${PNG_1PX}` },
      });
      expect(res.statusCode).toBe(200);
      const info = await t.app.inject({ url: "/api/profile", headers });
      expect(info.json().data.avatarUrl).toBe(`data:image/png;base64,${PNG_1PX}`);
    });

    it("refuses something that only claims to be an image", async () => {
      const fake = Buffer.from("<script>alert(1)</script>").toString("base64");
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/profile/avatar",
        headers: await t.as("partner", { lang: "en" }),
        payload: { dataUrl: `data:image/png;base64,${fake}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe("The avatar must be a PNG, JPEG, WebP or GIF image");
    });
  });

  describe("/api/profile/preferences", () => {
    it("starts from the defaults and keeps a partial update", async () => {
      const headers = await t.as("admin");
      const first = await t.app.inject({ url: "/api/profile/preferences", headers });
      expect(first.json().data).toEqual(DEFAULT_PREFERENCES);
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/profile/preferences",
        headers,
        payload: { theme: "dark", navLayout: "horizontal" },
      });
      expect(res.json().data).toEqual({
        ...DEFAULT_PREFERENCES,
        theme: "dark",
        navLayout: "horizontal",
      });
      const again = await t.app.inject({ url: "/api/profile/preferences", headers });
      expect(again.json().data.theme).toBe("dark");
    });

    it("rejects an unknown value or key", async () => {
      const headers = await t.as("admin");
      expect(
        (
          await t.app.inject({
            method: "PUT",
            url: "/api/profile/preferences",
            headers,
            payload: { theme: "neon" },
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await t.app.inject({
            method: "PUT",
            url: "/api/profile/preferences",
            headers,
            payload: { colour: "red" },
          })
        ).statusCode,
      ).toBe(422);
    });
  });
});
