import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { chromium } from "playwright-core";

import { login, stop, waitFor } from "./lib/servers";

/**
 * bench/web: what the first screen (sign-in handoff → home) downloads in a real Chromium from
 * the production build, JS and CSS separately. The server sends assets uncompressed (a proxy
 * compresses in production), so each body is also gzipped here to give the wire size behind
 * gzip. Target: at most 350 KB of JS gzip. Run `npx vite build` first (CLIENT_DIR picks the build).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3412);
const TARGET_JS_KB = 350;
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? "dist/client");

type Asset = { url: string; kind: "js" | "css"; raw: number; gzip: number };

const kindOf = (url: string): Asset["kind"] | null =>
  url.endsWith(".js") ? "js" : url.endsWith(".css") ? "css" : null;

/** The app in one process (no npx wrapper), so stopping it leaves nothing behind. */
const startServer = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-web-"));
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
  const url = `http://127.0.0.1:${PORT}`;
  await waitFor(`${url}/api/health`);
  return { child, url, dataDir };
};

const main = async () => {
  const app = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const token = await login(app.url, "admin");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const assets: Asset[] = [];
    page.on("response", async (response) => {
      const url = response.url();
      const kind = kindOf(new URL(url).pathname);
      if (!kind || response.status() !== 200) return;
      const body = await response.body().catch(() => null);
      if (body) assets.push({ url, kind, raw: body.length, gzip: gzipSync(body).length });
    });
    await page.goto(`${app.url}/manage/login?token=${token}`);
    await page.waitForURL(/\/manage\/settings\/profile$/);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // Not "networkidle": the notification stream stays open for good. Lazy chunks requested
    // by the first render have started by now; give them a moment to finish.
    await page.waitForLoadState("load");
    await page.waitForTimeout(1500);

    const sum = (kind: Asset["kind"], field: "raw" | "gzip") =>
      assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[field], 0) / 1024;
    const entry = JSON.parse(
      readFileSync(path.join(CLIENT_DIR, ".vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string; isEntry?: boolean }>;
    const entryFile = Object.values(entry).find((e) => e.isEntry)?.file ?? "?";

    console.log(
      `first screen (login handoff → /settings/profile), ${assets.length} JS/CSS files, entry ${entryFile}`,
    );
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(
        `  ${(a.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(a.raw / 1024).toFixed(1).padStart(8)} KB  ${new URL(a.url).pathname}`,
      );
    }
    const jsGzip = sum("js", "gzip");
    console.log(
      `JS : ${sum("js", "raw").toFixed(1)} KB transferred, ${jsGzip.toFixed(1)} KB gzip (target ≤ ${TARGET_JS_KB} KB)`,
    );
    console.log(
      `CSS: ${sum("css", "raw").toFixed(1)} KB transferred, ${sum("css", "gzip").toFixed(1)} KB gzip`,
    );
    console.log(jsGzip <= TARGET_JS_KB ? "within target" : "OVER TARGET");
  } finally {
    await browser.close();
    await stop(app.child);
    rmSync(app.dataDir, { recursive: true, force: true });
  }
};

await main();
