import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import {
  type AuthDeps,
  confirmSignInEnrolment,
  qrSvgOf,
  startSignInEnrolment,
  verifySignIn,
} from "../auth";
import { translatorFor } from "../../lib/i18n";
import {
  DEFAULT_REDIRECT,
  langOf,
  noStore,
  type PageQuery,
  safeRedirect,
  setTrustCookie,
  withToken,
} from "./handoff";
import { renderCodePage, renderEnrolPage, renderRecoveryCodesPage } from "./two-factor-pages";

type Opts = {
  deps: AuthDeps;
  allowedRedirectOrigins: string[];
  rateLimit: { max: number; timeWindow: string };
  /** The sign-in page, for "sign in again" when the challenge has expired. */
  loginPage: (
    req: FastifyRequest<{ Querystring: PageQuery }>,
    extra: { error?: string; redirect?: string },
  ) => string;
};

type StepForm = {
  challenge?: string;
  redirect?: string;
  code?: string;
  recoveryCode?: string;
  mode?: string;
  switch?: string;
  trust?: string;
};

type Req = FastifyRequest<{ Body: StepForm; Querystring: PageQuery }>;

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

/**
 * The user center's two-factor steps (plain HTML forms, no script): the code after the password,
 * and the enrolment a firm requires. The challenge from the password step travels in the form.
 */
export const twoFactorStepRoutes = (app: FastifyInstance, opts: Opts) => {
  const { deps } = opts;
  const ctxOf = (req: Req, redirect: string) => {
    const lang = langOf(req);
    return { lang, t: translatorFor(lang), challenge: text(req.body?.challenge, 2000), redirect };
  };

  const enrolPage = async (req: Req, redirect: string, keepPending: boolean, error?: string) => {
    const ctx = ctxOf(req, redirect);
    const setup = await startSignInEnrolment(deps, ctx.challenge, keepPending);
    return renderEnrolPage({ ...ctx, setup, qrSvg: await qrSvgOf(setup.otpauthUri), error });
  };

  /** An expired challenge (or any refusal that ends the attempt) goes back to the password form. */
  const restart = (req: Req, reply: FastifyReply, err: AppError, redirect: string) =>
    reply
      .status(err.status)
      .send(
        opts.loginPage(req, { error: ctxOf(req, redirect).t(err.message, err.params), redirect }),
      );

  const guarded = async (
    req: Req,
    reply: FastifyReply,
    handle: (redirect: string) => Promise<unknown>,
    onRefused: (redirect: string, err: AppError) => Promise<unknown>,
  ) => {
    noStore(reply);
    const redirect = safeRedirect(req, req.body?.redirect, opts.allowedRedirectOrigins);
    if (!redirect) {
      const err = new AppError(400, "userCenter.badRedirect");
      return restart(req, reply, err, DEFAULT_REDIRECT);
    }
    try {
      return await handle(redirect);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const isOver = err.status === 401 && err.message === "errors.twoFactor.challengeExpired";
      if (isOver || err.status === 403 || err.status === 409)
        return restart(req, reply, err, redirect);
      reply.status(err.status);
      return onRefused(redirect, err);
    }
  };

  app.post<{ Body: StepForm; Querystring: PageQuery }>(
    "/verify",
    { config: { rateLimit: opts.rateLimit } },
    (req, reply) => {
      const body = req.body ?? {};
      const mode = (body.switch ?? body.mode) === "recovery" ? "recovery" : "app";
      return guarded(
        req,
        reply,
        async (redirect) => {
          if (body.switch) return renderCodePage({ ...ctxOf(req, redirect), mode });
          const done = await verifySignIn(deps, {
            challenge: text(body.challenge, 2000),
            code: mode === "app" ? text(body.code, 6) : undefined,
            recoveryCode: mode === "recovery" ? text(body.recoveryCode, 40) : undefined,
            trustBrowser: body.trust === "1",
            ip: req.ip,
            userAgent: String(req.headers["user-agent"] ?? ""),
          });
          if (done.trustedToken && done.trustedExpiresAt)
            setTrustCookie(req, reply, done.userId, {
              token: done.trustedToken,
              expiresAt: done.trustedExpiresAt,
            });
          return reply.redirect(await withToken(deps.db, redirect, done, langOf(req)), 302);
        },
        async (redirect, err) =>
          renderCodePage({
            ...ctxOf(req, redirect),
            mode,
            error: ctxOf(req, redirect).t(err.message, err.params),
          }),
      );
    },
  );

  app.post<{ Body: StepForm; Querystring: PageQuery }>(
    "/enrol",
    { config: { rateLimit: opts.rateLimit } },
    (req, reply) =>
      guarded(
        req,
        reply,
        async (redirect) => {
          const done = await confirmSignInEnrolment(deps, {
            challenge: text(req.body?.challenge, 2000),
            code: text(req.body?.code, 6),
            ip: req.ip,
            userAgent: String(req.headers["user-agent"] ?? ""),
          });
          const { lang, t } = ctxOf(req, redirect);
          return renderRecoveryCodesPage({
            lang,
            t,
            codes: done.recoveryCodes,
            continueHref: await withToken(deps.db, redirect, done, lang),
          });
        },
        (redirect, err) =>
          enrolPage(req, redirect, true, ctxOf(req, redirect).t(err.message, err.params)),
      ),
  );

  return {
    /** The page after the right password: the code step, or enrolment with a new secret. */
    firstStep: (
      req: FastifyRequest<{ Querystring: PageQuery }>,
      result: { step: "verify" | "enrol"; challenge: string; redirect: string },
    ) => {
      const lang = langOf(req);
      const base = {
        lang,
        t: translatorFor(lang),
        challenge: result.challenge,
        redirect: result.redirect,
      };
      if (result.step === "verify") return renderCodePage({ ...base, mode: "app" });
      return startSignInEnrolment(deps, result.challenge).then(async (setup) =>
        renderEnrolPage({ ...base, setup, qrSvg: await qrSvgOf(setup.otpauthUri) }),
      );
    },
  };
};
