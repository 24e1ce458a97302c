import { existsSync, statSync } from "node:fs";
import path from "node:path";

import { type CDPSession, chromium } from "playwright-core";

import { startApp, stop } from "./lib/servers";

/**
 * bench/esign-page: the JavaScript the public signing page (sign.html) and the verify page load
 * before their first paint, in a real Chromium on the production build: per file the bytes on the
 * wire (as the server negotiated them, usually brotli) and the size of the build's gzip copy.
 * Target: <= 150 KB gzip, and none of the admin app's chunks (antd, Refine, the router).
 *
 * Run `npx vite build` first. BENCH_PORT (3414) chooses the app's port.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3414);
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? "dist/client");
const TARGET_KB = 150;
const ADMIN_CHUNKS = /vendor-(refine|router|react-i18n|casl|http)|\/index-[^/]+\.js$/;

type Loaded = { url: string; wire: number };

const gzipSize = (url: string) => {
  const file = path.join(CLIENT_DIR, url.replace(/^\/manage\//, ""));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
};

const main = async () => {
  if (!existsSync(path.join(CLIENT_DIR, "sign.html"))) throw new Error(`${CLIENT_DIR}/sign.html is missing: run npx vite build`);
  const app = await startApp(PORT, { CLIENT_DIR });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const [label, url] of [
      ["signing link (phone)", "/manage/esign/bench-token-that-does-not-exist"],
      ["verify page (phone)", "/manage/verify"],
    ]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "zh-CN" });
      const page = await context.newPage();
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const urls = new Map<string, string>();
      const loaded: Loaded[] = [];
      cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, new URL(e.request.url).pathname));
      cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
        const u = urls.get(e.requestId) ?? "";
        if (u.endsWith(".js")) loaded.push({ url: u, wire: e.encodedDataLength });
      });
      await page.goto(`${app.url}${url}`);
      await page.locator("h1").first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
      const gzip = loaded.reduce((sum, f) => sum + gzipSize(f.url), 0);
      const wire = loaded.reduce((sum, f) => sum + f.wire, 0);
      const admin = loaded.filter((f) => ADMIN_CHUNKS.test(f.url));
      console.log(`${label}: ${url}`);
      for (const f of loaded) console.log(`  ${(gzipSize(f.url) / 1024).toFixed(1).padStart(6)} KB gzip  ${(f.wire / 1024).toFixed(1).padStart(6)} KB wire  ${f.url}`);
      console.log(
        `  total JS: ${(gzip / 1024).toFixed(1)} KB gzip (${(wire / 1024).toFixed(1)} KB on the wire), ${loaded.length} files, FCP ${fcp === null ? "-" : `${fcp.toFixed(0)} ms`}` +
          `${gzip / 1024 <= TARGET_KB ? "  ok" : "  OVER TARGET"}${admin.length ? `  ADMIN CHUNKS LOADED: ${admin.map((f) => f.url).join(", ")}` : ""}`,
      );
      await context.close();
    }
    console.log(`target: <= ${TARGET_KB} KB gzip of JS to first paint, no admin-app chunk`);
  } finally {
    await browser.close();
    await stop(app.child);
  }
};

await main();
process.exit(0);
