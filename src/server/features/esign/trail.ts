import { and, asc, desc, eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { esignEvents } from "../../db/tables";
import { sha256 } from "./secrets";

/** What the trail records: every step of a signing, from preparing to downloading the result. */
export type TrailAction =
  | "prepared"
  | "sent"
  | "reminded"
  | "opened"
  | "code-sent"
  | "code-verified"
  | "code-failed"
  | "locked"
  | "signed"
  | "declined"
  | "expired"
  | "cancelled"
  | "completed"
  | "downloaded"
  | "resent"
  /** Steps of the contract after signing: recorded here because the sealed bytes never change. */
  | "archived"
  | "voided";

export type TrailEntry = {
  workspaceId: string;
  requestId: string;
  action: TrailAction;
  signerId?: string | null;
  actorId?: string | null;
  actorName: string;
  ip?: string | null;
  userAgent?: string | null;
  at: Date;
  docSha256: string;
  detail?: Record<string, unknown>;
};

export const GENESIS = "0".repeat(64);

/** JSON with object keys sorted, so a row hashes the same however its jsonb comes back. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
};

type Hashed = Omit<TrailEntry, "workspaceId" | "action"> & {
  action: string;
  seq: number;
  prevHash: string;
};

const hashOf = (e: Hashed) =>
  sha256(
    canonical([
      e.requestId,
      e.seq,
      e.action,
      e.signerId ?? null,
      e.actorId ?? null,
      e.actorName,
      e.ip ?? null,
      e.userAgent ?? null,
      e.at.toISOString(),
      e.docSha256,
      e.detail ?? {},
      e.prevHash,
    ]),
  );

/**
 * Adds one entry at the end of the request's chain. The caller holds the request row's lock
 * (select … for update) in the same transaction, so two steps never take the same place.
 */
export const appendEvent = async (db: Db, entry: TrailEntry) => {
  const [last] = await db
    .select({ seq: esignEvents.seq, hash: esignEvents.hash })
    .from(esignEvents)
    .where(
      and(
        eq(esignEvents.workspaceId, entry.workspaceId),
        eq(esignEvents.requestId, entry.requestId),
      ),
    )
    .orderBy(desc(esignEvents.seq))
    .limit(1);
  const at = new Date(Math.floor(entry.at.getTime()));
  const row = {
    ...entry,
    at,
    seq: (last?.seq ?? 0) + 1,
    prevHash: last?.hash ?? GENESIS,
    detail: entry.detail ?? {},
  };
  const [inserted] = await db
    .insert(esignEvents)
    .values({
      ...row,
      signerId: row.signerId ?? null,
      actorId: row.actorId ?? null,
      ip: row.ip ?? null,
      userAgent: row.userAgent ?? null,
      hash: hashOf(row),
    })
    .returning();
  return inserted;
};

export const trailOf = (db: Db, workspaceId: string, requestId: string) =>
  db
    .select()
    .from(esignEvents)
    .where(and(eq(esignEvents.workspaceId, workspaceId), eq(esignEvents.requestId, requestId)))
    .orderBy(asc(esignEvents.seq));

/**
 * Re-computes every hash from the rows as stored: an edited, removed or re-ordered entry makes
 * its own hash, or the next entry's link to it, disagree. Returns the first broken seq, if any.
 */
export const checkChain = (rows: (typeof esignEvents.$inferSelect)[]) => {
  let prev = GENESIS;
  for (const [i, row] of rows.entries()) {
    const expected = hashOf({ ...row, detail: row.detail ?? {} });
    if (row.seq !== i + 1 || row.prevHash !== prev || row.hash !== expected)
      return { valid: false, brokenAt: row.seq };
    prev = row.hash;
  }
  return { valid: true, brokenAt: null };
};
