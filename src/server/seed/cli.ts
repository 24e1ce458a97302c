import { sql } from "drizzle-orm";

import { loadConfig } from "../lib/config";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seedIfEmpty } from "./demo";

/** `npm run seed` loads demo data into an empty database; `-- --reset` wipes everything first. */
const config = loadConfig(process.env);
const reset = process.argv.includes("--reset");
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
if (reset) {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}
await runMigrations(database);
const seeded = await seedIfEmpty(database);
console.log(seeded ? "demo data loaded" : "database not empty: nothing loaded (use --reset)");
await database.close();
