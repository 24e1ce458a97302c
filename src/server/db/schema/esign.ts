import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { EsignField } from "../../../shared/contracts/esign";
import { workspaces } from "./identity";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One signing round of a contract (features/esign). A re-send after expiry makes a new row (new
 * links; the old round stays, expired, with its trail). The signed bytes, once made, never change.
 */
export const esignRequests = pgTable(
  "esign_requests",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    contractId: uuid("contract_id").notNull(),
    /** The PDF (a Documents file) signed; its bytes' hash when sent. */
    sourceFileId: uuid("source_file_id").notNull(),
    sourceName: text("source_name").notNull(),
    sourceSha256: text("source_sha256").notNull(),
    pageCount: integer("page_count").notNull(),
    /** "sequential" (in signer order) or "parallel". */
    signingOrder: text("signing_order").notNull(),
    fields: jsonb().$type<EsignField[]>().notNull(),
    /** "sent", "completed", "declined", "cancelled" or "expired". */
    status: text().notNull().default("sent"),
    expiresAt: ts("expires_at").notNull(),
    /** 0: no automatic reminders. */
    remindEveryDays: integer("remind_every_days").notNull().default(0),
    nextRemindAt: ts("next_remind_at"),
    /** Where signing links point (the app's origin as the sender saw it): reminders made by the job reuse it. */
    linkBase: text("link_base").notNull(),
    /** The request this one re-sent (after expiry). */
    resentFrom: uuid("resent_from"),
    sealedFileId: uuid("sealed_file_id"),
    sealedSha256: text("sealed_sha256"),
    /** SHA-256 of the flattened content before the digital signature. */
    contentSha256: text("content_sha256"),
    certFingerprint: text("cert_fingerprint"),
    completedAt: ts("completed_at"),
    endedAt: ts("ended_at"),
    endReason: text("end_reason"),
    createdBy: uuid("created_by").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("esign_requests_contract_idx").on(t.workspaceId, t.contractId, t.createdAt),
    index("esign_requests_due_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'sent'`),
    index("esign_requests_sealed_idx").on(t.sealedSha256),
  ],
);

/**
 * A signer of a request: the counterparty's (a link and a one-time code to an email or mobile)
 * or the firm's (a member signing with an electronic seal). Link token, code and session are
 * stored as SHA-256 hashes only.
 */
export const esignSigners = pgTable(
  "esign_signers",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    position: integer().notNull(),
    /** "counterparty" or "firm". */
    party: text().notNull(),
    name: text().notNull(),
    email: text(),
    mobile: text(),
    /** Firm signers: the member who signs and the electronic seal they use. */
    userId: uuid("user_id"),
    sealId: uuid("seal_id"),
    tokenHash: text("token_hash"),
    codeHash: text("code_hash"),
    codeExpiresAt: ts("code_expires_at"),
    codeTries: integer("code_tries").notNull().default(0),
    sessionHash: text("session_hash"),
    sessionExpiresAt: ts("session_expires_at"),
    /** "waiting" (not their turn), "sent", "signed", "declined" or "locked". */
    status: text().notNull(),
    verifiedBy: text("verified_by"),
    sentAt: ts("sent_at"),
    openedAt: ts("opened_at"),
    verifiedAt: ts("verified_at"),
    signedAt: ts("signed_at"),
    declinedAt: ts("declined_at"),
    declineReason: text("decline_reason"),
    ip: text(),
    userAgent: text("user_agent"),
    /** What was put in each signature field: { fieldId: { image: base64 PNG or JPEG } } (the firm: its seal impression). */
    marks: jsonb().$type<Record<string, { image: string }>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.requestId],
      foreignColumns: [esignRequests.workspaceId, esignRequests.id],
    }),
    uniqueIndex("esign_signers_token_uq").on(t.tokenHash),
    index("esign_signers_request_idx").on(t.workspaceId, t.requestId, t.position),
  ],
);

/**
 * The audit trail of a request, hash-chained: each entry's hash covers its content and the
 * previous entry's hash, so editing or removing one row breaks every hash after it.
 */
export const esignEvents = pgTable(
  "esign_events",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    seq: integer().notNull(),
    action: text().notNull(),
    signerId: uuid("signer_id"),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    ip: text(),
    userAgent: text("user_agent"),
    at: ts("at").notNull(),
    docSha256: text("doc_sha256").notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text("prev_hash").notNull(),
    hash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("esign_events_seq_uq").on(t.workspaceId, t.requestId, t.seq),
  ],
);

/** The firm's signing certificate: a PKCS#12 encrypted with the server's key, and its public part. */
export const esignCertificates = pgTable(
  "esign_certificates",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    /** "generated" or "uploaded". */
    source: text().notNull(),
    subject: text().notNull(),
    fingerprint: text().notNull(),
    certPem: text("cert_pem").notNull(),
    /** AES-256-GCM of the PKCS#12 and of its passphrase: iv.tag.ciphertext, base64. */
    p12Encrypted: text("p12_encrypted").notNull(),
    passphraseEncrypted: text("passphrase_encrypted").notNull(),
    notAfter: ts("not_after").notNull(),
    active: integer().notNull().default(1),
    createdBy: uuid("created_by"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("esign_certificates_active_uq")
      .on(t.workspaceId)
      .where(sql`${t.active} = 1`),
    index("esign_certificates_fp_idx").on(t.fingerprint),
  ],
);
