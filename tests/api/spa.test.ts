import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp, testConfig } from "../fixtures/app";

describe("serving the SPA under /manage", () => {
  let t: TestApp;
  beforeAll(async () => {
    const { dataDir } = testConfig();
    const clientDir = path.join(dataDir, "client");
    mkdirSync(path.join(clientDir, "assets"), { recursive: true });
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>spa</title>");
    writeFileSync(path.join(clientDir, "sign.html"), "<!doctype html><title>sign</title>");
    writeFileSync(path.join(clientDir, "assets", "app-abc.js"), "console.log(1)");
    t = await createTestApp({ clientDir });
  });
  afterAll(() => t.close());

  it("answers every client route with index.html", async () => {
    for (const url of [
      "/manage/",
      "/manage/case/list",
      "/manage/contacts/instution-detail/42?tab=1",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<title>spa</title>");
    }
    expect((await t.app.inject({ method: "HEAD", url: "/manage/" })).statusCode).toBe(200);
  });

  it("answers the signing links and the verify page with sign.html, not the admin app", async () => {
    for (const url of [
      "/manage/esign/AbC_123-xyz",
      "/manage/esign/AbC_123-xyz/",
      "/manage/verify",
      "/manage/verify?x=1",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body, url).toContain("<title>sign</title>");
      // The link's token is in the path: the page must not hand it to other sites as a Referer.
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    for (const url of [
      "/manage/esign",
      "/manage/esign/a/b",
      "/manage/verify/more",
      "/manage/contract/detail/1",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain("<title>spa</title>");
    }
  });

  it("serves built assets with a long cache and 404s a missing one", async () => {
    const asset = await t.app.inject({ url: "/manage/assets/app-abc.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    // A script is never a page: nosniff and CORP stay, the page-only headers (CSP, framing) go.
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers["content-security-policy"]).toBeUndefined();
    expect(asset.headers["x-frame-options"]).toBeUndefined();
    // Pages keep every header, index.html included.
    const page = await t.app.inject({ url: "/manage/case/list" });
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const missing = await t.app.inject({ url: "/manage/assets/app-old.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("sends / to /manage/", async () => {
    const res = await t.app.inject({ url: "/" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/manage/");
  });

  it("carries the chosen language back with the token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/user-center/login?lang=en",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=lawyer&password=demo1234&redirect=%2Fmanage%2Flogin",
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/manage\/login\?token=[^&]+&lang=en$/);
  });
});
