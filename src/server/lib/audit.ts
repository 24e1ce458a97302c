import type { Db } from "../db/client";
import { auditLogs } from "../db/tables";
import type { WriteBatch } from "./write-batch";

export type AuditAction =
  "create" | "update" | "delete" | "workflow" | "login" | "logout" | "switch" | "export";

export type AuditEntry = {
  action: AuditAction;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

export type AuditActor = { workspaceId: string; userId: string | null; ip?: string };

const SECRET_KEYS = new Set(["passwordHash", "password", "token"]);

const plain = (value: unknown): Record<string, unknown> | undefined => {
  if (!value || typeof value !== "object") return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(
    JSON.parse(JSON.stringify(value)) as Record<string, unknown>,
  )) {
    if (!SECRET_KEYS.has(k)) out[k] = v;
  }
  return out;
};

/** Field-level diff `{field: {from, to}}`; only fields that changed are kept. */
export const diffObjects = (before: unknown, after: unknown) => {
  const a = plain(before) ?? {};
  const b = plain(after) ?? {};
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === "updatedAt" || key === "version") continue;
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      diff[key] = { from: a[key] ?? null, to: b[key] ?? null };
  }
  return diff;
};

const rowOf = (actor: AuditActor, entry: AuditEntry) => ({
  workspaceId: actor.workspaceId,
  userId: actor.userId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  before: plain(entry.before) ?? null,
  after: plain(entry.after) ?? null,
  diff: diffObjects(entry.before, entry.after),
  ip: actor.ip ?? "",
});

/** Call inside the transaction that made the change, so an audit row exists iff the change does. */
export const writeAudit = async (db: Db, actor: AuditActor, entry: AuditEntry) => {
  await db.insert(auditLogs).values(rowOf(actor, entry));
};

/** The same as a part of the change's write batch. */
export const addAudit = (batch: WriteBatch, actor: AuditActor, entry: AuditEntry) => {
  batch.add(batch.db.insert(auditLogs).values(rowOf(actor, entry)));
};
