import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import { pickLanguage } from "../../../shared/i18n-config";
import { login, type AuthDeps } from "../auth";
import { storedLanguage } from "../../lib/stored-language";
import { translatorFor } from "../../lib/i18n";
import { renderLoginPage } from "./page";

type Opts = { deps: AuthDeps; allowedRedirectOrigins: string[]; rateLimitPerMinute: number };

const DEFAULT_REDIRECT = "/manage/login";

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
const withToken = (target: string, token: string, lang: string) => {
  const url = new URL(target, "http://placeholder");
  url.searchParams.set("token", token);
  url.searchParams.set("lang", lang);
  return target.startsWith("http") ? url.toString() : `${url.pathname}${url.search}`;
};

type LoginForm = { username?: string; password?: string; redirect?: string };
type PageQuery = { lang?: string; redirect?: string };

export async function userCenterRoutes(app: FastifyInstance, opts: Opts) {
  const langOf = (req: FastifyRequest<{ Querystring: PageQuery }>) =>
    pickLanguage(req.query.lang ?? req.headers["accept-language"]);

  const page = (
    req: FastifyRequest<{ Querystring: PageQuery }>,
    extra: { error?: string; notice?: string; username?: string; redirect?: string },
  ) => {
    const lang = langOf(req);
    return renderLoginPage({
      lang,
      t: translatorFor(lang),
      redirect:
        extra.redirect ??
        safeRedirect(req, req.query.redirect, opts.allowedRedirectOrigins) ??
        DEFAULT_REDIRECT,
      ...extra,
    });
  };

  app.get<{ Querystring: PageQuery }>("/login", async (req, reply) => {
    reply.type("text/html; charset=utf-8");
    const bad = safeRedirect(req, req.query.redirect, opts.allowedRedirectOrigins) === undefined;
    return page(req, bad ? { error: translatorFor(langOf(req))("userCenter.badRedirect") } : {});
  });

  app.get<{ Querystring: PageQuery }>("/logout", async (req, reply) => {
    reply.type("text/html; charset=utf-8");
    return page(req, { notice: translatorFor(langOf(req))("userCenter.signedOut") });
  });

  app.post<{ Body: LoginForm; Querystring: PageQuery }>(
    "/login",
    { config: { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: "1 minute" } } },
    async (req, reply) => {
      const t = translatorFor(langOf(req));
      const body = req.body ?? {};
      const redirect = safeRedirect(req, body.redirect, opts.allowedRedirectOrigins);
      reply.type("text/html; charset=utf-8");
      if (!redirect)
        return reply.status(400).send(page(req, { error: t("userCenter.badRedirect") }));
      if (!body.username || !body.password) {
        return reply
          .status(400)
          .send(
            page(req, { error: t("userCenter.missingFields"), redirect, username: body.username }),
          );
      }
      try {
        const { token, userId } = await login(opts.deps, {
          username: String(body.username).slice(0, 100),
          password: String(body.password).slice(0, 200),
          ip: req.ip,
          userAgent: String(req.headers["user-agent"] ?? ""),
        });
        const lang = (await storedLanguage(opts.deps.db, userId)) ?? langOf(req);
        return reply.redirect(withToken(redirect, token, lang), 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const error = t(err.message, err.params);
        return reply
          .status(err.status)
          .send(page(req, { error, redirect, username: body.username }));
      }
    },
  );
}
