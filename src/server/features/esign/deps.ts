import type { FastifyBaseLogger } from "fastify";

import type { Db } from "../../db/client";
import type { RequestCtx } from "../../lib/request-ctx";
import type { PdfFont } from "../../lib/pdf-font";
import type { BlobStore } from "../documents";
import type { Senders } from "../messages";
import type { PageRenderer } from "./pages";

/** What the signing services need besides the request: built once in routes.ts. */
export type EsignDeps = {
  store: BlobStore;
  senders: Senders;
  log: FastifyBaseLogger;
  /** The server secret the firm's PKCS#12, and a message's undelivered link or code, are encrypted under. */
  secret: string;
  /** Demo without mail or SMS: admins read undelivered links and codes in the Outbox (OUTBOX_SHOWS_SECRETS). */
  outboxShowsSecrets?: boolean;
  pdfFont: PdfFont;
  renderPage: PageRenderer;
  quotaBytes: number;
  /** Defaults for a new request. */
  linkDays: number;
  remindEveryDays: number;
};

/** Where a step came from, for the trail: the browser's IP and user agent. */
export type Origin = { ip: string; userAgent: string };

/**
 * A service context for work done on a firm's behalf without a signed-in member (a counterparty
 * signing, the reminder job): the request's sender stands as the author of rows it writes.
 */
export const actingFor = (
  db: Db,
  workspaceId: string,
  userId: string,
  log: FastifyBaseLogger,
  ip = "",
): RequestCtx =>
  ({
    db,
    workspaceId,
    userId,
    ip,
    lang: "zh-CN",
    log,
    sessionId: "",
    rules: [],
    ability: undefined,
  }) as unknown as RequestCtx;

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60 * 1000;
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/**
 * How long after completion a counterparty's link still opens the completed page: long enough to
 * come back for the sealed PDF on another device (with a fresh code), short enough that an old
 * e-mail is not a standing key to the contract. After it, the link answers the same 404.
 */
export const DOWNLOAD_DAYS = 30;
export const DOWNLOAD_MS = DOWNLOAD_DAYS * 24 * 60 * 60 * 1000;
