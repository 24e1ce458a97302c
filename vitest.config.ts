import net from "node:net";

import { defineConfig } from "vitest/config";

const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test";

/** The API suite also runs on a PostgreSQL server when one answers (or TEST_DATABASE_URL is set). */
const postgresReachable = () =>
  new Promise<boolean>((resolve) => {
    if (process.env.TEST_DATABASE_URL) return resolve(true);
    if (process.env.SKIP_PG_TESTS === "true") return resolve(false);
    const socket = net.connect({ host: "127.0.0.1", port: 5432 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(800, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });

export default defineConfig(async () => {
  const withPg = await postgresReachable();
  const api = {
    include: ["tests/api/**/*.test.ts"],
    pool: "forks" as const,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  };
  return {
    test: {
      projects: [
        { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
        { test: { name: "api", ...api, env: { TEST_DB: "pglite" } } },
        ...(withPg
          ? [
              {
                test: {
                  name: "api-pg",
                  ...api,
                  env: {
                    TEST_DB: "postgres",
                    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? DEFAULT_PG,
                  },
                },
              },
            ]
          : []),
      ],
    },
  };
});
