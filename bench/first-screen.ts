import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { type CDPSession, chromium, type Page } from "playwright-core";

import { login, stop, waitFor } from "./lib/servers";

/**
 * bench/first-screen: what a browser really transfers (compressed bytes on the wire, headers
 * included, as Chromium's network panel counts them) from the sign-in handoff to the first
 * screen, then for each screen a lawyer opens, first visit and second visit, in a real Chromium
 * on the production build. Prints per route JS and CSS bytes, request count and the time to the
 * first contentful paint. Targets: first screen JS <= 350 KB, each of client list, approval
 * centre and documents <= 150 KB more JS, second visit 0 bytes of JS.
 *
 * Run `npm run build` first. BENCH_PORT (3413) chooses the app's port.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3413);
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? "dist/client");
const TARGET_FIRST_KB = 350;
const TARGET_SCREEN_KB = 150;

type Visit = { js: number; css: number; requests: number; fcp: number | null; files: string[] };

/** Counts what one navigation puts on the wire, from the DevTools protocol. */
const recorder = async (page: Page) => {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  let visit: Visit = { js: 0, css: 0, requests: 0, fcp: null, files: [] };
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => {
    urls.set(e.requestId, new URL(e.request.url).pathname);
    visit.requests += 1;
  });
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    const url = urls.get(e.requestId) ?? "";
    if (url.endsWith(".js")) visit.js += e.encodedDataLength;
    if (url.endsWith(".js") && e.encodedDataLength > 0)
      visit.files.push(`${(e.encodedDataLength / 1024).toFixed(1)} KB ${url}`);
    if (url.endsWith(".css")) visit.css += e.encodedDataLength;
  });
  return {
    start: () => (visit = { js: 0, css: 0, requests: 0, fcp: null, files: [] }),
    finish: async (): Promise<Visit> => {
      visit.fcp = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      );
      return { ...visit };
    },
  };
};

/** Loaded: the page's own requests done (not "networkidle": the notification stream stays open). */
const settle = async (page: Page) => {
  await page.waitForLoadState("load");
  await page.locator(".ant-layout-content, main").first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
};

const main = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-first-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      CLIENT_DIR,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${PORT}`;
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    })
    .catch(async (err: unknown) => {
      await stop(child);
      throw err;
    });
  try {
    await waitFor(`${base}/api/health`);
    const token = await login(base, "admin");
    const definitions = (
      (await await fetch(`${base}/api/workflow/definitions?_start=0&_end=1`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json())) as { data: { id: string }[] }
    ).data;
    const routes: [string, string, boolean][] = [
      ["client list", "/manage/contacts", true],
      ["client form", "/manage/contacts/new", false],
      ["approval centre", "/manage/workflow/center", true],
      ["designer", `/manage/workflow/definitions/${definitions[0]?.id ?? "missing"}/design`, false],
      ["documents", "/manage/document", true],
    ];

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const first = await context.newPage();
    const rec = await recorder(first);
    const rows: [string, Visit, Visit, boolean | null][] = [];
    rec.start();
    await first.goto(`${base}/manage/login?token=${token}`);
    await first.waitForURL((url) => !url.pathname.endsWith("/login"));
    await settle(first);
    const landing = await rec.finish();
    const landingPath = new URL(first.url()).pathname;
    const firstVisits: Visit[] = [];
    for (const [, url] of routes) {
      rec.start();
      await first.goto(`${base}${url}`);
      await settle(first);
      firstVisits.push(await rec.finish());
    }
    // Second visit: a new tab of the same browser profile, so the HTTP cache is what is kept.
    const second = await context.newPage();
    const rec2 = await recorder(second);
    const secondVisits: Visit[] = [];
    for (const url of [landingPath, ...routes.map(([, u]) => u)]) {
      rec2.start();
      await second.goto(`${base}${url}`);
      await settle(second);
      secondVisits.push(await rec2.finish());
    }
    rows.push([
      `landing (${landingPath})`,
      landing,
      secondVisits[0],
      landing.js / 1024 <= TARGET_FIRST_KB,
    ]);
    routes.forEach(([label, , measured], i) =>
      rows.push([
        label,
        firstVisits[i],
        secondVisits[i + 1],
        measured ? firstVisits[i].js / 1024 <= TARGET_SCREEN_KB : null,
      ]),
    );

    const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KB`;
    const fcp = (v: Visit) => (v.fcp === null ? "   -  " : `${v.fcp.toFixed(0).padStart(5)} ms`);
    console.log(
      "transferred bytes on the wire (compressed, headers included); later routes count what they add",
    );
    console.log(
      `${"route".padEnd(34)}| first visit: JS        CSS       reqs FCP      | second visit: JS     CSS       reqs FCP`,
    );
    for (const [label, a, b, ok] of rows) {
      const verdict = ok === null ? "" : ok ? "  ok" : "  OVER TARGET";
      console.log(
        `${label.padEnd(34)}| ${kb(a.js)} ${kb(a.css)} ${String(a.requests).padStart(4)} ${fcp(a)} | ${kb(b.js)} ${kb(b.css)} ${String(b.requests).padStart(4)} ${fcp(b)}${verdict}${b.js > 0 ? "  (second visit JS not 0)" : ""}`,
      );
    }
    // BENCH_VERBOSE=1: which JS files each first visit brought.
    if (process.env.BENCH_VERBOSE)
      for (const [label, a] of rows) console.log(`${label}:\n  ${a.files.join("\n  ")}`);
    console.log(
      `targets: landing JS <= ${TARGET_FIRST_KB} KB; client list, approval centre, documents <= ${TARGET_SCREEN_KB} KB more; second visit 0 KB of JS`,
    );
  } finally {
    await browser.close();
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
process.exit(0);
