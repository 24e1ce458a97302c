import type { Database } from "../../src/server/db/client";

export type Captured = { text: string; params: unknown[]; inTx: boolean };
type QueryFn = (text: unknown, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
type PgliteLike = {
  query: QueryFn;
  transaction: (fn: (tx: { query: QueryFn }) => Promise<unknown>) => Promise<unknown>;
};
type PoolLike = {
  options: { Client: { prototype: { query: QueryFn } } };
  connect: () => Promise<{ query: QueryFn; release: () => void }>;
};

const textOf = (text: unknown) =>
  typeof text === "string" ? text : String((text as { text?: string }).text);

/**
 * Every statement one request sent to the database, caught at the driver (node-postgres' client
 * class, PGlite and its transactions), so a route owned by another helper (receivables) can be
 * compared with exactly its own SQL sent again without the app around it (bench/fees, bench/reports).
 */
export const captureQueries = async (database: Database, run: () => Promise<unknown>) => {
  const seen: Captured[] = [];
  const client = (database.db as unknown as { $client: unknown }).$client;
  const record = (original: QueryFn, inTx: boolean): QueryFn =>
    function (this: unknown, text, params, ...rest) {
      seen.push({ text: textOf(text), params: params ?? [], inTx });
      return original.call(this, text, params, ...rest);
    };
  if (database.kind === "postgres") {
    // begin/commit go through the same client, so the sequence replays as it ran.
    const proto = (client as PoolLike).options.Client.prototype;
    const original = proto.query;
    proto.query = record(original, false);
    try {
      await run();
    } finally {
      proto.query = original;
    }
    return seen;
  }
  const lite = client as PgliteLike;
  const [query, transaction] = [lite.query, lite.transaction];
  lite.query = record(query, false);
  lite.transaction = function (this: unknown, fn) {
    return transaction.call(this, (tx) => {
      const inner = tx.query;
      tx.query = record(inner, true);
      return fn(tx);
    });
  } as PgliteLike["transaction"];
  try {
    await run();
  } finally {
    [lite.query, lite.transaction] = [query, transaction];
  }
  return seen;
};

/** The captured statements again, in order, on one connection (PGlite: its transactions too). */
export const replay = async (database: Database, statements: Captured[]) => {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "postgres") {
    const conn = await (client as PoolLike).connect();
    try {
      for (const s of statements) await conn.query(s.text, s.params);
    } finally {
      conn.release();
    }
    return;
  }
  const lite = client as PgliteLike;
  for (let i = 0; i < statements.length;) {
    if (!statements[i].inTx) {
      await lite.query(statements[i].text, statements[i].params);
      i += 1;
      continue;
    }
    let j = i;
    while (j < statements.length && statements[j].inTx) j += 1;
    const group = statements.slice(i, j);
    await lite.transaction(async (tx) => {
      for (const s of group) await tx.query(s.text, s.params);
    });
    i = j;
  }
};
