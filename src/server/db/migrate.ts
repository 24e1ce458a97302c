import path from "node:path";
import { fileURLToPath } from "node:url";

import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";

import type { Database } from "./client";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Arbitrary but fixed: every app process on one PostgreSQL takes the same lock. */
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies pending migrations. Two processes starting together on one PostgreSQL wait for each
 * other on the advisory lock; the second finds everything applied and does nothing. Data steps SQL
 * cannot do are the features' own start-up steps (the conflicts plugin computes stale keys).
 */
export const runMigrations = (database: Database) =>
  database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    const config = { migrationsFolder: MIGRATIONS_DIR };
    if (database.kind === "pglite") {
      await migratePglite(database.db as unknown as PgliteDatabase, config);
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, config);
    }
  });
