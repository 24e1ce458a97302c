import { randomUUID } from "node:crypto";

import { sql, type SQL } from "drizzle-orm";

import type { PubSub } from "../db/client";

type Handler = (message: Record<string, unknown>) => void;

/**
 * An SQL expression that NOTIFYs `channel` with `message` (a json expression), for a statement
 * that publishes what it writes in the same round trip. Inside a transaction PostgreSQL delivers
 * it only if the transaction commits, so nobody hears of a change that was rolled back; every
 * process, this one included, gets it (origin "db").
 */
export const notifySql = (channel: string, message: SQL) =>
  sql`pg_notify(${channel}, json_build_object('origin', 'db', 'message', ${message})::text)`;

export type Bus = {
  publish: (channel: string, message: Record<string, unknown>) => Promise<void>;
  subscribe: (channel: string, handler: Handler) => Promise<() => void>;
};

/**
 * Events every app process must see (revoked sessions, changed roles, new notifications).
 * Handlers in this process run at once; other processes hear it through LISTEN/NOTIFY.
 */
export const createBus = (pubsub: PubSub): Bus => {
  const origin = randomUUID();
  const handlers = new Map<string, Set<Handler>>();
  const listening = new Set<string>();

  const dispatch = (channel: string, message: Record<string, unknown>) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };

  return {
    publish: async (channel, message) => {
      dispatch(channel, message);
      await pubsub.notify(channel, JSON.stringify({ origin, message }));
    },
    subscribe: async (channel, handler) => {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      if (!listening.has(channel)) {
        listening.add(channel);
        await pubsub.listen(channel, (raw) => {
          const parsed = JSON.parse(raw) as { origin: string; message: Record<string, unknown> };
          if (parsed.origin !== origin) dispatch(channel, parsed.message);
        });
      }
      return () => set.delete(handler);
    },
  };
};
