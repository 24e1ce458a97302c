import { rmSync } from "node:fs";

/** Drops this run's data directory (see playwright.config.ts). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && /e2e-\d+$/.test(dir)) rmSync(dir, { recursive: true, force: true });
}
