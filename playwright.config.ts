import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * A new data directory per run (the server seeds the demo firms into an empty one), so two runs
 * never share a database. Set once in the runner's env so workers see the same value; removed
 * by the global teardown.
 */
process.env.E2E_DATA_DIR ??= `./data/e2e-${Date.now()}`;
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: "zh-CN",
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: {
      // The system Chromium: nothing is downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "npx tsx src/server/main.ts",
    url: `${BASE_URL}/api/config`,
    // Every spec signs its users in from 127.0.0.1, dozens a minute: the per-address login limit
    // (30 a minute by default, tested by the API suite) would answer 429 to the suite itself.
    // No mail or SMS server here: the demo switch lets the e-signing specs read links and codes on the Outbox.
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
      OUTBOX_SHOWS_SECRETS: "true",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
