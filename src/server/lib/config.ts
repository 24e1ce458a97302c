import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects node-postgres; undefined means embedded PGlite under dataDir/pg. */
  databaseUrl?: string;
  /** undefined: in-memory PGlite (tests only). */
  pgliteDir?: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  uploadTokenTtlSeconds: number;
  userCenterLoginUrl: string;
  userCenterLogoutUrl: string;
  /** Origins (besides our own) a login may redirect back to, for an external SPA host. */
  allowedRedirectOrigins: string[];
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginRateLimitPerMinute: number;
  /**
   * The key two-factor secrets are sealed with at rest (TOTP_ENCRYPTION_KEY, any long random
   * string; the same on every app process). Unset: one derived from the JWT secret, which is
   * fine for a single server but ties the secrets to that secret (a new JWT secret loses them).
   */
  totpEncryptionKey?: string;
  /** How often sign-in history older than 90 days is deleted; 0 turns the job off. Default 21600. */
  signInPruneIntervalSeconds?: number;
  bodyLimitBytes: number;
  clientDir: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Largest single uploaded file. */
  uploadMaxFileBytes: number;
  /** Files per upload request (10). */
  uploadMaxFiles: number;
  /** Bytes of file bodies (every version, trash included) one firm may store. */
  workspaceQuotaBytes: number;
  /** Largest folder download (2 GB). */
  folderZipMaxBytes: number;
  /** PREVIEWS=off: no text, office or e-mail previews (PDFs and images still open in the browser). */
  previewsEnabled?: boolean;
  /** Office → PDF conversions at once (LibreOffice processes); PREVIEW_CONCURRENCY, default 2. */
  previewConcurrency?: number;
  /** One conversion's time limit (PREVIEW_TIMEOUT_MS, default 60 s) and largest source file (PREVIEW_MAX_BYTES, default 50 MB). */
  previewTimeoutMs?: number;
  previewMaxBytes?: number;
  /** Lifetime of a download/preview link's ticket (features/documents/tickets.ts); default 60. */
  downloadTicketTtlSeconds?: number;
  /** How often unreferenced file bodies are purged from disk; 0 turns the job off. Default 3600. */
  documentsPurgeIntervalSeconds?: number;
  /** A body is purged only once unreferenced and untouched for this long. Default 86400. */
  documentsPurgeGraceSeconds?: number;
  /** How often pre-filing cases past their validity are terminated; 0 turns the job off. Default 600. */
  casesExpiryIntervalSeconds?: number;
  /** How often custodians are reminded of seals taken out past their return date; 0 turns it off. */
  sealsOverdueIntervalSeconds?: number;
  /** How often the deadline reminder job runs; 0 turns it off (tests run it by hand). */
  deadlineReminderIntervalSeconds?: number;
  /** Where the resource schemas live (`<resource>.schema.json`); read once at start. */
  schemasDir: string;
  /** Rows one import may hold; more answers business code 5001006. */
  importMaxRows: number;
  /** Largest import file, and the most its zip may expand to (zip bombs stop there). */
  importMaxBytes: number;
  importMaxUncompressedBytes: number;
  /** An import still running after this long is abandoned ("File Import Timeout"), nothing written. */
  importTimeoutMs: number;
  /** Rows one export may hold ("maximum x records can be exported"). */
  exportMaxRows: number;
  /**
   * The CJK font conflict-report PDFs embed (PDF_FONT_PATH, a .ttf, .otf or .ttc) and, in a
   * collection, the face's PostScript name (PDF_FONT_FACE). Default: fonts-noto-cjk's Noto Sans CJK SC.
   */
  pdfFontPath?: string;
  pdfFontFace?: string;
  /**
   * The archive's merged-PDF job (features/archive/merge.ts): how often it looks for queued
   * volumes (ARCHIVE_MERGE_INTERVAL_MS, 0 = off), how long one volume may take
   * (ARCHIVE_MERGE_TIMEOUT_MS) and how large its PDF may grow (ARCHIVE_MERGE_MAX_BYTES).
   */
  archiveMergeIntervalMs?: number;
  archiveMergeTimeoutMs?: number;
  archiveMergeMaxBytes?: number;
  /**
   * How often scheduled reports look for subscriptions due (REPORT_SUBSCRIPTIONS_INTERVAL_MS,
   * default 5 minutes, 0 = off): an e-mail leaves within this long after its hour.
   */
  reportSubscriptionsIntervalMs?: number;
  /** Idempotency-Keys of workflow actions older than this are deleted. */
  workflowKeyTtlHours?: number;
  /** How often those old keys are swept; 0 turns the sweep off. */
  workflowKeySweepMinutes?: number;
  /** The app's public origin (PUBLIC_URL, e.g. https://law.example.com) for links sent by e-mail and SMS; default: the origin the sender used. */
  publicUrl?: string;
  /** Outgoing e-mail (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465) and its From (SMTP_FROM); unset: messages wait in the Outbox. */
  smtpUrl?: string;
  smtpFrom?: string;
  /** Text messages: POSTed as JSON {to, body} to SMS_HTTP_URL with SMS_HTTP_TOKEN as a Bearer token; unset: the Outbox. */
  smsHttpUrl?: string;
  smsHttpToken?: string;
  /**
   * OUTBOX_SHOWS_SECRETS=true, for a demo without mail or SMS: the Outbox shows the signing link or
   * code of a message no transport can deliver. Off, the firm never reads them (they would let it
   * pass the counterparty's identity check), and such a message cannot reach its recipient.
   */
  outboxShowsSecrets?: boolean;
  /** E-signing: how long a signing link lives by default (days) and how often signers are reminded (days, 0 = never). */
  esignLinkDays?: number;
  esignRemindEveryDays?: number;
  /** How often the e-signing job sends due reminders and expires requests; 0 turns it off (tests run it by hand). */
  esignJobIntervalSeconds?: number;
};

const intFrom = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) ? n : fallback;
};

/** The JWT secret must survive restarts, or every user is signed out on each deploy. */
const loadOrCreateSecret = (dataDir: string) => {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export const loadConfig = (env: NodeJS.ProcessEnv): Config => {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: intFrom(env.PORT, 3000),
    archiveMergeIntervalMs: intFrom(env.ARCHIVE_MERGE_INTERVAL_MS, 10_000),
    archiveMergeTimeoutMs: intFrom(env.ARCHIVE_MERGE_TIMEOUT_MS, 10 * 60_000),
    archiveMergeMaxBytes: intFrom(env.ARCHIVE_MERGE_MAX_BYTES, 1024 ** 3),
    reportSubscriptionsIntervalMs: intFrom(env.REPORT_SUBSCRIPTIONS_INTERVAL_MS, 5 * 60_000),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, "pg"),
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 12 * 3600),
    uploadTokenTtlSeconds: intFrom(env.UPLOAD_TOKEN_TTL_SECONDS, 300),
    userCenterLoginUrl: env.USER_CENTER_URL ? `${env.USER_CENTER_URL}/login` : "/user-center/login",
    userCenterLogoutUrl:
      env.USER_CENTER_LOGOUT_URL ??
      (env.USER_CENTER_URL ? `${env.USER_CENTER_URL}/logout` : "/user-center/logout"),
    allowedRedirectOrigins: (env.ALLOWED_REDIRECT_ORIGINS ?? "").split(",").filter(Boolean),
    loginMaxFailures: intFrom(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: intFrom(env.LOGIN_LOCK_MINUTES, 15),
    loginRateLimitPerMinute: intFrom(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30),
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY || undefined,
    signInPruneIntervalSeconds: intFrom(env.SIGN_IN_PRUNE_INTERVAL_SECONDS, 6 * 3600),
    bodyLimitBytes: intFrom(env.BODY_LIMIT_BYTES, 1024 * 1024),
    clientDir: path.resolve(env.CLIENT_DIR ?? "dist/client"),
    seedDemo: env.SEED_DEMO !== "false",
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY === "true",
    uploadMaxFileBytes: intFrom(env.UPLOAD_MAX_FILE_BYTES, 512 * 1024 ** 2),
    uploadMaxFiles: intFrom(env.UPLOAD_MAX_FILES, 10),
    workspaceQuotaBytes: intFrom(env.WORKSPACE_QUOTA_BYTES, 50 * 1024 ** 3),
    folderZipMaxBytes: intFrom(env.FOLDER_ZIP_MAX_BYTES, 2 * 1024 ** 3),
    downloadTicketTtlSeconds: intFrom(env.DOWNLOAD_TICKET_TTL_SECONDS, 60),
    previewsEnabled: env.PREVIEWS !== "off",
    previewConcurrency: Math.max(1, intFrom(env.PREVIEW_CONCURRENCY, 2)),
    previewTimeoutMs: intFrom(env.PREVIEW_TIMEOUT_MS, 60_000),
    previewMaxBytes: intFrom(env.PREVIEW_MAX_BYTES, 50 * 1024 ** 2),
    documentsPurgeIntervalSeconds: intFrom(env.DOCUMENTS_PURGE_INTERVAL_SECONDS, 3600),
    documentsPurgeGraceSeconds: intFrom(env.DOCUMENTS_PURGE_GRACE_SECONDS, 24 * 3600),
    casesExpiryIntervalSeconds: intFrom(env.CASES_EXPIRY_INTERVAL_SECONDS, 600),
    sealsOverdueIntervalSeconds: intFrom(env.SEALS_OVERDUE_INTERVAL_SECONDS, 3600),
    pdfFontPath: env.PDF_FONT_PATH || undefined,
    pdfFontFace: env.PDF_FONT_FACE || undefined,
    deadlineReminderIntervalSeconds: intFrom(env.DEADLINE_REMINDER_INTERVAL_SECONDS, 300),
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? "schemas"),
    importMaxRows: intFrom(env.IMPORT_MAX_ROWS, 5000),
    importMaxBytes: intFrom(env.IMPORT_MAX_BYTES, 10 * 1024 ** 2),
    importMaxUncompressedBytes: intFrom(env.IMPORT_MAX_UNCOMPRESSED_BYTES, 64 * 1024 ** 2),
    importTimeoutMs: intFrom(env.IMPORT_TIMEOUT_MS, 60_000),
    exportMaxRows: intFrom(env.EXPORT_MAX_ROWS, 50_000),
    workflowKeyTtlHours: intFrom(env.WORKFLOW_KEY_TTL_HOURS, 7 * 24),
    workflowKeySweepMinutes: intFrom(env.WORKFLOW_KEY_SWEEP_MINUTES, 60),
    publicUrl: env.PUBLIC_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    outboxShowsSecrets: env.OUTBOX_SHOWS_SECRETS === "true",
    esignLinkDays: intFrom(env.ESIGN_LINK_DAYS, 14),
    esignRemindEveryDays: intFrom(env.ESIGN_REMIND_EVERY_DAYS, 3),
    esignJobIntervalSeconds: intFrom(env.ESIGN_JOB_INTERVAL_SECONDS, 600),
  };
};
