import { createHash } from "node:crypto";

import type { FastifyReply, FastifyRequest } from "fastify";

import { type Language, pickLanguage } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import { storedLanguage } from "../../lib/stored-language";

export const DEFAULT_REDIRECT = "/manage/login";

export type PageQuery = { lang?: string; redirect?: string };

export const langOf = (req: FastifyRequest<{ Querystring: PageQuery }>): Language =>
  pickLanguage(req.query.lang ?? req.headers["accept-language"]);

/**
 * Only our own SPA (or a configured origin) may receive a token: an open redirect here would
 * hand a signed-in user's token to anyone who crafts the link.
 */
export const safeRedirect = (req: FastifyRequest, raw: unknown, allowed: string[]) => {
  if (typeof raw !== "string" || raw === "") return DEFAULT_REDIRECT;
  try {
    const own = new URL(`${req.protocol}://${req.host}`).origin;
    const url = new URL(raw, own);
    if (url.origin !== own && !allowed.includes(url.origin)) return undefined;
    if (!url.pathname.startsWith("/")) return undefined;
    return url.origin === own ? `${url.pathname}${url.search}` : url.toString();
  } catch {
    return undefined;
  }
};

/** The token and the language travel back, so the app opens in it (the account's, else this page's). */
export const withToken = async (
  db: Db,
  target: string,
  done: { token: string; userId: string },
  pageLang: Language,
) => {
  const lang = (await storedLanguage(db, done.userId)) ?? pageLang;
  const url = new URL(target, "http://placeholder");
  url.searchParams.set("token", done.token);
  url.searchParams.set("lang", lang);
  return target.startsWith("http") ? url.toString() : `${url.pathname}${url.search}`;
};

/**
 * "Trust this browser": one cookie per account (a shared office browser may trust several), named
 * by a hash of the account so the name tells nothing, sent only back to the user center's forms.
 */
const TRUST_PREFIX = "lm_trust_";
const COOKIE_PATH = "/user-center";

const trustCookieName = (userId: string) =>
  `${TRUST_PREFIX}${createHash("sha256").update(userId).digest("hex").slice(0, 16)}`;

/** Every trust token the browser sent; the service checks which (if any) is for this account. */
export const trustTokensOf = (req: FastifyRequest) =>
  Object.entries(req.cookies)
    .filter(([name, value]) => name.startsWith(TRUST_PREFIX) && typeof value === "string")
    .map(([, value]) => value as string);

export const setTrustCookie = (
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  trusted: { token: string; expiresAt: Date },
) =>
  reply.setCookie(trustCookieName(userId), trusted.token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: req.protocol === "https",
    expires: trusted.expiresAt,
  });

/** The two-factor steps carry a challenge in their HTML: never kept by a cache or the back button. */
export const noStore = (reply: FastifyReply) =>
  reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
