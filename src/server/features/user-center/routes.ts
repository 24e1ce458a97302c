import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import { login, type AuthDeps } from "../auth";
import { translatorFor } from "../../lib/i18n";
import {
  DEFAULT_REDIRECT,
  langOf,
  noStore,
  type PageQuery,
  safeRedirect,
  trustTokensOf,
  withToken,
} from "./handoff";
import { renderLoginPage } from "./page";
import { twoFactorStepRoutes } from "./two-factor-routes";

type Opts = { deps: AuthDeps; allowedRedirectOrigins: string[]; rateLimitPerMinute: number };

type LoginForm = { username?: string; password?: string; redirect?: string };

export async function userCenterRoutes(app: FastifyInstance, opts: Opts) {
  await app.register(cookie);
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: "1 minute" };

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

  const steps = twoFactorStepRoutes(app, { ...opts, rateLimit, loginPage: page });

  app.get<{ Querystring: PageQuery }>("/login", async (req, reply) => {
    reply.type("text/html; charset=utf-8");
    const bad = safeRedirect(req, req.query.redirect, opts.allowedRedirectOrigins) === undefined;
    return page(req, bad ? { error: translatorFor(langOf(req))("userCenter.badRedirect") } : {});
  });

  app.get<{ Querystring: PageQuery }>("/logout", async (req, reply) => {
    reply.type("text/html; charset=utf-8");
    return page(req, { notice: translatorFor(langOf(req))("userCenter.signedOut") });
  });

  /**
   * The password step. With the right password the browser goes back to the app with a token, or
   * (two-factor) on to the code step or to the enrolment the firm requires, rendered right here.
   */
  app.post<{ Body: LoginForm; Querystring: PageQuery }>(
    "/login",
    { config: { rateLimit } },
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
        const result = await login(opts.deps, {
          username: String(body.username).slice(0, 100),
          password: String(body.password).slice(0, 200),
          trustedTokens: trustTokensOf(req),
          ip: req.ip,
          userAgent: String(req.headers["user-agent"] ?? ""),
        });
        if (result.kind === "session")
          return reply.redirect(await withToken(opts.deps.db, redirect, result, langOf(req)), 302);
        noStore(reply);
        return steps.firstStep(req, { ...result, redirect });
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
