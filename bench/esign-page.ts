import { randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

import { type CDPSession, chromium } from "playwright-core";

import { login, startApp, stop } from "./lib/servers";

/**
 * bench/esign-page: the JavaScript the public signing page (sign.html) and the verify page load
 * before their first paint, in a real Chromium on the production build: per file the bytes on the
 * wire (as the server negotiated them, usually brotli) and the size of the build's gzip copy.
 * Target: <= 150 KB gzip, and none of the admin app's chunks (antd, Refine, the router).
 *
 * The signing page is measured on a live link: the demo's approved contract sent for signing
 * through the app's own routes (as the demo lawyer), the link read from the Outbox, the page
 * loaded up to its code-entry screen (the view answered, the code box painted).
 *
 * Run `npx vite build` first (CLIENT_DIR for another output directory). BENCH_PORT (3414) chooses the app's port.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3414);
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? "dist/client");
const TARGET_KB = 150;
const ADMIN_CHUNKS = /vendor-(refine|router|react-i18n|casl|http)|\/index-[^/]+\.js$/;

type Loaded = { url: string; wire: number };

/** One call of the app's API as a signed-in user; the data of its envelope. */
const call = async <T>(
  base: string,
  token: string,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "idempotency-key": randomUUID(),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
};

/** Sends the demo's approved contract for signing to a counterparty by email; its link, as the Outbox holds it. */
const liveLink = async (base: string) => {
  const lawyer = await login(base, "lawyer");
  const approved = await call<{ id: string }[]>(
    base,
    lawyer,
    "GET",
    "/api/contracts?_start=0&_end=20&status=approved",
  );
  if (!approved.length) throw new Error("the demo data has no approved contract to send");
  const contractId = approved[0].id;
  const state = await call<{ pdfFiles: { id: string }[] }>(
    base,
    lawyer,
    "GET",
    `/api/contracts/${contractId}/esign`,
  );
  const email = `bench-${Date.now()}@example.com`;
  await call(base, lawyer, "POST", `/api/contracts/${contractId}/esign`, {
    fileId: state.pdfFiles[0].id,
    signingOrder: "sequential",
    signers: [{ party: "counterparty", name: "王立", email }],
    fields: [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.8, w: 0.25, h: 0.07 }],
  });
  const admin = await login(base, "admin");
  const { items } = await call<{ items: { kind: string; body: string }[] }>(
    base,
    admin,
    "GET",
    `/api/outbox?page=1&pageSize=10&q=${encodeURIComponent(email)}`,
  );
  const message = items.find((m) => m.kind === "esign.link");
  const link = message?.body.match(/\/manage\/esign\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no signing link to ${email} in the Outbox`);
  return link;
};

const gzipSize = (url: string) => {
  const file = path.join(CLIENT_DIR, url.replace(/^\/manage\//, ""));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
};

const main = async () => {
  if (!existsSync(path.join(CLIENT_DIR, "sign.html")))
    throw new Error(`${CLIENT_DIR}/sign.html is missing: run npx vite build`);
  // No mail server here: the demo switch lets the bench read the link on the Outbox.
  const app = await startApp(PORT, { CLIENT_DIR, OUTBOX_SHOWS_SECRETS: "true" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    // What each page shows once it has painted what a visitor first acts on.
    for (const [label, url, ready] of [
      ["live signing link, code entry (phone)", await liveLink(app.url), "#pub-code"],
      ["verify page (phone)", "/manage/verify", "h1"],
    ]) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: "zh-CN",
      });
      const page = await context.newPage();
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const urls = new Map<string, string>();
      const loaded: Loaded[] = [];
      cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) =>
        urls.set(e.requestId, new URL(e.request.url).pathname),
      );
      cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
        const u = urls.get(e.requestId) ?? "";
        if (u.endsWith(".js")) loaded.push({ url: u, wire: e.encodedDataLength });
      });
      await page.goto(`${app.url}${url}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      // When the screen a visitor acts on was there (the first frame after it appeared in the DOM).
      const readyAt = await page.evaluate(
        () =>
          new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
      );
      await page.waitForTimeout(500);
      const fcp = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      );
      const gzip = loaded.reduce((sum, f) => sum + gzipSize(f.url), 0);
      const wire = loaded.reduce((sum, f) => sum + f.wire, 0);
      const admin = loaded.filter((f) => ADMIN_CHUNKS.test(f.url));
      console.log(`${label}: ${url}`);
      for (const f of loaded)
        console.log(
          `  ${(gzipSize(f.url) / 1024).toFixed(1).padStart(6)} KB gzip  ${(f.wire / 1024).toFixed(1).padStart(6)} KB wire  ${f.url}`,
        );
      console.log(
        `  total JS: ${(gzip / 1024).toFixed(1)} KB gzip (${(wire / 1024).toFixed(1)} KB on the wire), ${loaded.length} files, FCP ${fcp === null ? "-" : `${fcp.toFixed(0)} ms`}, ready ≤ ${readyAt.toFixed(0)} ms` +
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
