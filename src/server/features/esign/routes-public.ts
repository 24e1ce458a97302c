import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";

import { originOf, sendPdf } from "./routes-admin";
import type { EsignDeps } from "./deps";
import { SESSION_TTL_MS } from "./deps";
import { requestCode, verifyCode } from "./codes";
import {
  declineAsCounterparty,
  pageImage,
  publicView,
  sealedForSigner,
  signAsCounterparty,
} from "./public";
import { codeBody, declineBody, pageParams, signBody, tokenParams } from "./schemas";
import { sha256 } from "./secrets";
import { verifyDocument } from "./verify";

const COOKIE = "lm_esign";
const COOKIE_PATH = "/api/public/esign";
type Token = { Params: { token: string } };

/** Per IP: a link is a secret in a URL, so guessing is throttled as well as made hopeless by its length. */
const limited = (max: number) => ({
  permission: "public" as const,
  rateLimit: { max, timeWindow: "1 minute" },
});

/**
 * Per link, whatever the IP: a link forwarded around or hammered from many addresses is still one
 * signer's, so each route also counts by the link (its hash: raw tokens are not kept, even in
 * memory). A second limiter of the plugin, since one route config holds one key.
 */
const perLink = (app: FastifyInstance, max: number) => {
  const check = app.createRateLimit({
    max,
    timeWindow: "1 minute",
    keyGenerator: (req) =>
      `esign-link:${sha256(String((req.params as { token?: unknown }).token ?? ""))}`,
  });
  return async (req: FastifyRequest) => {
    const result = await check(req);
    // isAllowed only means "on the allow list"; isExceeded is the count passing max.
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(429, "esign.errors.linkRateLimited", {
        params: { max: result.max, seconds: Math.max(1, result.ttlInSeconds) },
      });
  };
};

/**
 * The counterparty's side (no account; the link and a one-time code are the credentials) and the
 * public verify endpoint. Every answer about a link that does not work is the same 404.
 */
export async function esignPublicRoutes(app: FastifyInstance, opts: { deps: EsignDeps }) {
  const { deps } = opts;
  await app.register(cookie);
  const db = app.database.db;
  const session = (req: FastifyRequest) => req.cookies[COOKIE];

  app.get<Token>(
    "/public/esign/:token",
    { schema: { params: tokenParams }, config: limited(120), preHandler: perLink(app, 60) },
    (req) => publicView(db, deps, req.params.token, session(req), originOf(req)),
  );
  app.post<Token>(
    "/public/esign/:token/code",
    { schema: { params: tokenParams }, config: limited(20), preHandler: perLink(app, 10) },
    (req) => requestCode(db, deps, req.params.token, originOf(req)),
  );
  app.post<Token & { Body: { code: string } }>(
    "/public/esign/:token/verify",
    {
      schema: { params: tokenParams, body: codeBody },
      config: limited(30),
      preHandler: perLink(app, 15),
    },
    async (req, reply) => {
      const value = await verifyCode(db, req.params.token, req.body.code, originOf(req));
      void reply.setCookie(COOKIE, value, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: req.protocol === "https",
        maxAge: SESSION_TTL_MS / 1000,
      });
      return { verified: true };
    },
  );
  app.get<{ Params: { token: string; n: string } }>(
    "/public/esign/:token/pages/:n",
    {
      schema: { params: pageParams },
      attachValidation: true,
      config: limited(600),
      preHandler: perLink(app, 300),
    },
    async (req, reply) => {
      // "abc" or "1.5" is a page that does not exist: the same 404 as page 999, not a 422.
      if (req.validationError) throw new AppError(404, "errors.notFound");
      const png = await pageImage(db, deps, req.params.token, session(req), Number(req.params.n));
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "private, max-age=300")
        .send(png);
    },
  );
  app.post<Token & { Body: { marks: Record<string, { png: string }> } }>(
    "/public/esign/:token/sign",
    {
      schema: { params: tokenParams, body: signBody },
      bodyLimit: 8 * 1024 * 1024,
      config: limited(20),
      preHandler: perLink(app, 10),
    },
    (req) =>
      signAsCounterparty(db, deps, req.params.token, session(req), req.body.marks, originOf(req)),
  );
  app.post<Token & { Body: { reason: string } }>(
    "/public/esign/:token/decline",
    {
      schema: { params: tokenParams, body: declineBody },
      config: limited(20),
      preHandler: perLink(app, 10),
    },
    (req) =>
      declineAsCounterparty(db, req.params.token, session(req), req.body.reason, originOf(req)),
  );
  app.get<Token>(
    "/public/esign/:token/sealed",
    { schema: { params: tokenParams }, config: limited(30), preHandler: perLink(app, 20) },
    async (req, reply) => {
      const out = await sealedForSigner(db, deps, req.params.token, session(req), originOf(req));
      return sendPdf(reply, out.bytes, out.name);
    },
  );

  // A PDF's raw bytes, up to 50 MB: the verify page posts the dropped file as it is.
  app.addContentTypeParser(
    "application/pdf",
    { parseAs: "buffer", bodyLimit: 50 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post<{ Body: Buffer }>(
    "/public/verify",
    { bodyLimit: 50 * 1024 * 1024, config: limited(30) },
    (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.subarray(0, 5).toString("latin1") !== "%PDF-")
        throw new AppError(400, "esign.errors.notPdf");
      return verifyDocument(db, req.body);
    },
  );
}
