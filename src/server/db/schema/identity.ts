import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { now } from "./columns";

/** User-center accounts: global, a person may belong to several firms. */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text().notNull(),
    nameSuffix: text("name_suffix").notNull().default(""),
    email: text().notNull().default(""),
    phone: text().notNull().default(""),
    avatarUrl: text("avatar_url").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastWorkspaceId: uuid("last_workspace_id"),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: now().$type<Date>(),
    updatedAt: now().$type<Date>(),
  },
  (t) => [uniqueIndex("users_username_uq").on(sql`lower(${t.username})`)],
);

export const workspaces = pgTable("workspaces", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  nameEn: text("name_en").notNull().default(""),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /**
   * Bumped by triggers on every change to the firm's members, departments, roles and their links
   * (migration 0008), so a cached copy of the organization knows when it is out of date.
   */
  orgVersion: integer("org_version").notNull().default(0),
  createdAt: now(),
});

/** One row per sign-in; the JWT names it, so logout revokes it on every app process. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    kind: text().notNull().default("login"),
    createdAt: now(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text().notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** Kept to within ten minutes (lib/session-store `touch`): a write per request costs more than it tells. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** How the sign-in was proven: password, totp, recoveryCode, trustedBrowser or enrolment. */
    method: text().notNull().default("password"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * A user's authenticator app (TOTP), global like the account: one enrolment serves every firm the
 * person belongs to. The secret is sealed (AES-256-GCM, TOTP_ENCRYPTION_KEY); `enabledAt` is null
 * while an enrolment waits for its first code.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is good once (replay protection). */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  /** Named by every "trust this browser" token; a new enrolment makes a new one, so a reset ends them all. */
  trustKey: uuid("trust_key").notNull().defaultRandom(),
  createdAt: now(),
  updatedAt: now(),
});

/** One-time recovery codes, stored only as scrypt hashes (shown once, when made). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Every sign-in attempt on a known account, kept 90 days (the sign-in history a user reads). */
export const signInEvents = pgTable(
  "sign_in_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** success | failure */
    outcome: text().notNull(),
    /** Why a failure failed (password, code, recoveryCode, locked, disabled), "" on success. */
    reason: text().notNull().default(""),
    method: text().notNull().default("password"),
    ip: text().notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    sessionId: uuid("session_id"),
  },
  (t) => [
    index("sign_in_events_user_idx").on(t.userId, t.occurredAt),
    index("sign_in_events_occurred_idx").on(t.occurredAt),
  ],
);
