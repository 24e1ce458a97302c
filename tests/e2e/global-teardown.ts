import { rmSync } from "node:fs";

/**
 * Drops this run's data directory (see playwright.config.ts). The server may still be writing
 * into it (a job mid-run) while it is taken down: retried, and a directory left behind is only
 * disk, not a failed run.
 */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !/e2e-\d+$/.test(dir)) return;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  } catch (error) {
    console.warn(`left ${dir} behind: ${(error as Error).message}`);
  }
}
