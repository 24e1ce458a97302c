import type { MongoAbility } from "@casl/ability";
import { sql } from "drizzle-orm";

import { interpolateRules } from "../../shared/permission-scopes";
import type { PermissionRule } from "../../shared/permissions";
import type { Db } from "../db/client";
import { buildAbility } from "./ability";
import type { Bus } from "./bus";

export type SessionInfo = {
  sessionId: string;
  userId: string;
  workspaceId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  /** As last written; `touch` moves it on at most every TOUCH_MS. */
  lastSeenAt: Date;
  isUserEnabled: boolean;
  isMemberEnabled: boolean;
  rules: PermissionRule[];
  /** Built once per cached session, not per request. */
  ability: MongoAbility;
};

export const AUTH_CHANNEL = "auth_changed";

/** What an auth change touches: one session, one user everywhere, or a whole firm's roles. */
export type AuthChange = { sessionId?: string; userId?: string; workspaceId?: string };

/** Short enough that a lost NOTIFY cannot keep a revoked sign-in alive for long. */
const CACHE_MS = 15_000;

/**
 * How stale a session's "last seen" may get. A write per request would double the database work
 * of every read; the sign-in list only needs "active within minutes". It must also stay longer
 * than any generated route probe (tests/api/hostile-input.test.ts checks that probes write nothing).
 */
const TOUCH_MS = 10 * 60_000;

type Row = {
  user_id: string;
  workspace_id: string;
  expires_at: string | Date;
  revoked_at: string | Date | null;
  last_seen_at: string | Date;
  user_enabled: boolean;
  member_enabled: boolean | null;
  rules: PermissionRule[][] | null;
  department_ids: string[] | null;
};

/**
 * Resolves a session id to the user, firm and rules in one query, cached per process and
 * invalidated on every process through the bus when a session, membership or role changes.
 */
export const createSessionStore = (db: Db, bus: Bus) => {
  const cache = new Map<string, { info: SessionInfo | null; at: number }>();

  void bus.subscribe(AUTH_CHANNEL, (message) => {
    const change = message as AuthChange;
    for (const [sid, entry] of cache) {
      const info = entry.info;
      if (
        sid === change.sessionId ||
        (info && change.userId && info.userId === change.userId) ||
        (info && change.workspaceId && !change.userId && info.workspaceId === change.workspaceId)
      ) {
        cache.delete(sid);
      }
    }
  });

  const fetch = async (sessionId: string): Promise<SessionInfo | null> => {
    const result = await db.execute(sql`
      select s.user_id, s.workspace_id, s.expires_at, s.revoked_at, s.last_seen_at,
             u.is_enabled as user_enabled, m.is_enabled as member_enabled,
             (select coalesce(jsonb_agg(r.rules), '[]'::jsonb)
                from member_roles mr
                join roles r on r.workspace_id = mr.workspace_id and r.id = mr.role_id
               where mr.workspace_id = s.workspace_id and mr.user_id = s.user_id) as rules,
             (select coalesce(jsonb_agg(md.department_id), '[]'::jsonb)
                from member_departments md
               where md.workspace_id = s.workspace_id and md.user_id = s.user_id) as department_ids
        from sessions s
        join users u on u.id = s.user_id
        left join members m on m.workspace_id = s.workspace_id and m.user_id = s.user_id
       where s.id = ${sessionId}`);
    const row = (result as unknown as { rows: Row[] }).rows[0];
    if (!row) return null;
    // "Only own / my department" rules name the person through placeholders (role editor).
    const rules = interpolateRules((row.rules ?? []).flat(), {
      userId: row.user_id,
      departmentIds: row.department_ids ?? [],
    });
    return {
      sessionId,
      userId: row.user_id,
      workspaceId: row.workspace_id,
      expiresAt: new Date(row.expires_at),
      revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
      lastSeenAt: new Date(row.last_seen_at),
      isUserEnabled: row.user_enabled,
      isMemberEnabled: row.member_enabled === true,
      rules,
      ability: buildAbility(rules),
    };
  };

  return {
    get: async (sessionId: string) => {
      const hit = cache.get(sessionId);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.info;
      const info = await fetch(sessionId);
      if (cache.size > 50_000) cache.clear();
      cache.set(sessionId, { info, at: Date.now() });
      return info;
    },
    invalidate: (change: AuthChange) => bus.publish(AUTH_CHANNEL, change),
    /** Records that the session is in use, at most once per TOUCH_MS per process. */
    touch: async (info: SessionInfo) => {
      const at = new Date();
      if (at.getTime() - info.lastSeenAt.getTime() < TOUCH_MS) return;
      info.lastSeenAt = at;
      await db.execute(
        sql`update sessions set last_seen_at = ${at.toISOString()} where id = ${info.sessionId} and last_seen_at < ${at.toISOString()}`,
      );
    },
  };
};

export type SessionStore = ReturnType<typeof createSessionStore>;
