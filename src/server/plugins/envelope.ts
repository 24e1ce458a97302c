import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

import { AppError, type FieldError } from "../../shared/errors";
import { type Language, pickLanguage } from "../../shared/i18n-config";
import { formatMessageKey } from "../../shared/validators";
import { translatorFor, type Translate } from "../lib/i18n";
import { sqlState } from "../lib/sql-state";

declare module "fastify" {
  interface FastifyRequest {
    lang: Language;
    t: Translate;
  }
}

type AjvIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
};

const fieldOf = (issue: AjvIssue) => {
  const base = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const extra = issue.params.missingProperty ?? issue.params.additionalProperty;
  return [base, typeof extra === "string" ? extra : ""].filter(Boolean).join(".") || "body";
};

const VALIDATION_KEYS = new Set([
  "required",
  "type",
  "additionalProperties",
  "maxLength",
  "minLength",
  "format",
  "enum",
  "minimum",
  "maximum",
  "pattern",
]);

/** A named format may carry its own message (`validation.formats.<format>`, e.g. the member validators). */
const messageOf = (issue: AjvIssue, t: Translate) => {
  const generic = t(
    `validation.${VALIDATION_KEYS.has(issue.keyword) ? issue.keyword : "invalid"}`,
    {
      limit: issue.params.limit,
      type: issue.params.type,
    },
  );
  const format = issue.params.format;
  if (issue.keyword !== "format" || typeof format !== "string") return generic;
  return t(formatMessageKey(format), { defaultValue: generic });
};

const toFieldErrors = (issues: AjvIssue[], t: Translate): FieldError[] =>
  issues.map((issue) => ({ field: fieldOf(issue), message: messageOf(issue, t) }));

const isApi = (req: FastifyRequest) => req.url.startsWith("/api");

/** Longest path parameter (Fastify's default maxParamLength, stated in the 414 message). */
export const MAX_PARAM_LENGTH = 100;

/** Fastify's own error codes mapped to our classes and message keys. */
const FRAMEWORK_ERRORS: Record<string, [AppError["status"], string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "errors.malformedJson"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "errors.malformedJson"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "errors.payloadTooLarge"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "errors.unsupportedMediaType"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "errors.badRequest"],
  FST_ERR_MAX_PARAM_LENGTH: [414, "errors.input.uriTooLong"],
  FST_ERR_BAD_URL: [400, "errors.badRequest"],
};

/** Body limits that differ from the route's, by media type (form posts, xlsx imports). */
export type BodyLimits = { default: number; byMediaType: Record<string, number> };

/** The limit that applied to this request's body, for the 413 message. */
const bodyLimitOf = (req: FastifyRequest, limits: BodyLimits) => {
  const mediaType = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  return limits.byMediaType[mediaType] ?? req.routeOptions?.bodyLimit ?? limits.default;
};

/** "16 KB", "1 MB", "10 MB": the limit as the message states it. */
export const formatLimit = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;

const CLASS_KEYS: Record<number, string> = {
  400: "errors.badRequest",
  401: "errors.unauthorized",
  403: "errors.forbidden",
  404: "errors.notFound",
  409: "errors.conflict",
  413: "errors.payloadTooLarge",
  414: "errors.input.uriTooLong",
  415: "errors.unsupportedMediaType",
  429: "errors.tooManyRequests",
};

export const toAppError = (
  error: FastifyError | AppError | Error,
  req: FastifyRequest,
  limits: BodyLimits,
) => {
  if (error instanceof AppError) return error;
  // lock_not_available: a row stayed locked past the connection's lock_timeout (db/client.ts).
  if (sqlState(error) === "55P03") return new AppError(409, "errors.recordBusy");
  const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
  if (fe.validation) {
    // A query that names no valid filter, sort or page is a bad request, like an unknown key (input-guard).
    const status = fe.validationContext === "querystring" ? 400 : 422;
    return new AppError(status, "errors.validation", {
      fields: toFieldErrors(fe.validation, req.t),
    });
  }
  const mapped = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
  if (mapped) {
    return new AppError(mapped[0], mapped[1], {
      params: {
        limit: formatLimit(bodyLimitOf(req, limits)),
        type: String(req.headers["content-type"] ?? ""),
        max: MAX_PARAM_LENGTH,
      },
    });
  }
  const status = fe.statusCode ?? 500;
  if (status === 429) return new AppError(429, "errors.tooManyRequests");
  if (status >= 400 && status < 500 && CLASS_KEYS[status]) {
    return new AppError(status as AppError["status"], CLASS_KEYS[status]);
  }
  return undefined;
};

export const sendError = (reply: FastifyReply, req: FastifyRequest, err: AppError) => {
  // Services may give field messages as i18n keys; already translated text passes through unchanged.
  const fields = err.fields?.map((f) => ({ field: f.field, message: req.t(f.message) }));
  const fieldText = fields?.map((f) => `${f.field} ${f.message}`).join("; ") ?? "";
  return reply.status(err.status).send({
    code: err.code,
    msg: req.t(err.message, { ...err.params, fields: fieldText }),
    data: fields || err.data ? { ...err.data, ...(fields ? { fields } : {}) } : null,
  });
};

const setLanguage = (req: FastifyRequest) => {
  req.lang = pickLanguage(req.headers.lang ?? req.headers["accept-language"]);
  req.t = translatorFor(req.lang) as Translate;
};

/**
 * Fastify's `frameworkErrors` option: a bad URL or an over-long path parameter is answered before
 * any hook runs, so the language is picked here and the answer is the usual envelope.
 */
export const frameworkErrorHandler =
  (limits: BodyLimits) => (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    setLanguage(req);
    return sendError(
      reply,
      req,
      toAppError(error, req, limits) ?? new AppError(400, "errors.badRequest"),
    );
  };

/**
 * Every /api answer is `{code, msg, data}` in the request's language; unknown errors are logged
 * with their request and answered as a generic 500 so no stack trace reaches a browser.
 */
export const envelopePlugin = fp(
  async (app: FastifyInstance, opts: { bodyLimits: BodyLimits }) => {
    app.decorateRequest("lang", "zh-CN");
    app.decorateRequest("t", undefined as unknown as Translate);
    app.addHook("onRequest", async (req) => setLanguage(req));

    const success = {
      "zh-CN": translatorFor("zh-CN")("errors.success"),
      en: translatorFor("en")("errors.success"),
    };
    app.addHook("preSerialization", async (req, reply, payload) => {
      if (!isApi(req) || reply.statusCode >= 400) return payload;
      return { code: 200, msg: success[req.lang], data: payload };
    });

    app.setErrorHandler((error, req, reply) => {
      const appError = toAppError(error as FastifyError, req, opts.bodyLimits);
      if (appError) {
        if (appError.status >= 500) req.log.error({ err: error }, "request failed");
        return sendError(reply, req, appError);
      }
      req.log.error({ err: error }, "unhandled error");
      return sendError(reply, req, new AppError(500, "errors.serverBusy"));
    });
  },
  { name: "envelope" },
);
