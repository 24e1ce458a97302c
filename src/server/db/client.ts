import { mkdirSync } from "node:fs";

import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";

import { StatementCachingClient } from "./statement-cache";
import * as tables from "./tables";

export type Tables = typeof tables;
/** Both drivers' databases and their transactions share this type, so services take either. */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;

/** LISTEN/NOTIFY for both drivers: the live events and cache invalidations ride on it. */
export type PubSub = {
  notify: (channel: string, payload: string) => Promise<void>;
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
};

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  pubsub: PubSub;
  /** Runs fn while holding a session-level advisory lock (migrations, seeding). */
  withAdvisoryLock: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  /** PGlite only: the whole database as a tarball, to open copies of it (`pgliteDump`). */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /** An in-memory PGlite starts from this dump (`dumpPglite`): tests copy one seeded database. */
  pgliteDump?: Blob;
  poolSize?: number;
};

const openPglite = async (dir?: string, dump?: Blob): Promise<Database> => {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir
    ? await PGlite.create(dir)
    : await PGlite.create(dump ? { loadDataDir: dump } : {});
  const db = drizzlePglite(client, { schema: tables, casing: "snake_case" }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pubsub: {
      notify: async (channel, payload) => {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
      listen: async (channel, onMessage) => {
        const unsubscribe = await client.listen(channel, onMessage);
        return unsubscribe;
      },
    },
    // PGlite is one connection in one process: there is nobody to race with.
    withAdvisoryLock: (_key, fn) => fn(),
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
};

export const LOCK_TIMEOUT_MS = 5000;

const openPostgres = async (url: string, poolSize: number): Promise<Database> => {
  // No request waits more than 5 s for a row someone else holds: it answers 409 "busy" instead
  // (envelope.ts), so a stuck transaction cannot pile up every request behind it.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
    Client: StatementCachingClient,
  });
  // An idle connection dropped by the server (restart, failover) is replaced by the pool; it
  // must not crash the process as an unhandled 'error' event.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema: tables, casing: "snake_case" }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  // One dedicated connection holds every LISTEN; it is opened on first use and closed with us.
  let listener: Promise<pg.Client> | undefined;
  let isClosed = false;
  const ensureListener = () => {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => undefined);
      await client.connect();
      client.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
      });
      return client;
    })();
    return listener;
  };
  return {
    kind: "postgres",
    db,
    pubsub: {
      notify: async (channel, payload) => {
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      listen: async (channel, onMessage) => {
        const client = await ensureListener().catch((err: unknown) => {
          if (!isClosed) throw err;
          return undefined;
        });
        if (!client) return async () => undefined;
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          // A LISTEN still in flight when the app shuts down is moot, not an error.
          await client.query(`listen "${channel.replace(/"/g, "")}"`).catch((err: unknown) => {
            if (!isClosed) throw err;
          });
        }
        set.add(onMessage);
        return async () => {
          set.delete(onMessage);
        };
      },
    },
    withAdvisoryLock: async (key, fn) => {
      const client = await pool.connect();
      try {
        // Waiting for another process's migrations is expected to take long.
        await client.query("set lock_timeout = 0");
        await client.query("select pg_advisory_lock($1)", [key]);
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
        await client.query("reset lock_timeout").catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      isClosed = true;
      if (listener) await listener.then((c) => c.end()).catch(() => undefined);
      await pool.end();
    },
  };
};

export const openDatabase = (opts: DatabaseOptions): Promise<Database> =>
  opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20)
    : openPglite(opts.pgliteDir, opts.pgliteDump);
