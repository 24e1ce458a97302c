import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

import { AppError } from "../../shared/errors";
import {
  FORBIDDEN_KEYS,
  MAX_JSON_DEPTH,
  type TextProblem,
  textProblem,
} from "../../shared/text-rules";

/**
 * The one check at the edge for every string the API takes: route params, query values and keys,
 * JSON bodies at any depth (keys and values), form bodies and the headers the app reads. It runs
 * before schema validation and before any handler, so a new route is covered without doing
 * anything. Multipart field values are read by the upload handler and checked there with
 * `assertCleanText`. Nothing is repaired: a bad string is a translated 400 naming the field.
 */

/**
 * Headers some code reads as values (auth, language, uploads, approvals, downloads): all ASCII
 * by their specs. User-Agent is not here: Node hands header bytes over as latin1, so a UTF-8
 * user agent would look like C1 controls; it is only stored (cut to 500 characters), and Node's
 * parser already refuses NUL and other C0 controls in any header.
 */
const READ_HEADERS = [
  "authorization",
  "lang",
  "accept-language",
  "idempotency-key",
  "x-upload-token",
  "if-none-match",
  "if-range",
  "range",
];

const refuse = (field: string, problem: TextProblem) =>
  new AppError(400, "errors.input.text", {
    params: { field },
    fields: [{ field, message: `errors.input.problems.${problem}` }],
  });

/** A multipart field value (or any other text read outside the JSON walk). */
export const assertCleanText = (value: string, field: string, multiline = false) => {
  const problem = textProblem(value, multiline);
  if (problem) throw refuse(field, problem);
};

const tooDeep = () =>
  new AppError(400, "errors.input.tooDeep", { params: { max: MAX_JSON_DEPTH } });

const forbiddenKey = (field: string) =>
  new AppError(400, "errors.input.forbiddenKey", {
    params: { field },
    fields: [{ field, message: "errors.input.problems.forbiddenKey" }],
  });

/**
 * Walks a parsed value; stops at the depth limit, so even a 10 000-deep body costs MAX_JSON_DEPTH
 * frames and no handler ever recurses into something deeper.
 */
const walk = (value: unknown, path: string, depth: number, multiline: boolean): void => {
  if (typeof value === "string") {
    assertCleanText(value, path, multiline);
    return;
  }
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return;
  if (depth >= MAX_JSON_DEPTH) throw tooDeep();
  // A stream (raw upload body) is not data to walk.
  if (typeof (value as { pipe?: unknown }).pipe === "function") return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1, multiline));
    return;
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) throw forbiddenKey(at);
    assertCleanText(key, at);
    walk((value as Record<string, unknown>)[key], at, depth + 1, multiline);
  }
};

type QuerySchema = {
  properties?: Record<string, unknown>;
  patternProperties?: Record<string, unknown>;
};

/**
 * Every query key is looked up in the route's own querystring schema (own properties, or one of
 * its patternProperties); a route without one takes no query but Refine's paging. So an unknown
 * filter or `_sort` is a 400 on every list, including lists added later.
 */
const PAGING_ONLY = new Set(["_start", "_end"]);
const assertKnownQueryKeys = (req: FastifyRequest) => {
  const query = req.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== "object") return;
  const schema = req.routeOptions.schema?.querystring as QuerySchema | undefined;
  const patterns = Object.keys(schema?.patternProperties ?? {}).map((p) => new RegExp(p, "u"));
  for (const key of Object.keys(query)) {
    const known = schema
      ? (schema.properties !== undefined && Object.hasOwn(schema.properties, key)) ||
        patterns.some((p) => p.test(key))
      : PAGING_ONLY.has(key);
    if (!known) {
      throw new AppError(400, "errors.input.unknownQueryKey", {
        params: { field: key },
        fields: [{ field: key, message: "errors.input.problems.unknownKey" }],
      });
    }
  }
};

/**
 * The query parser keeps a malformed %-sequence as literal text ("%ED%A0%80" is how a lone
 * surrogate or a broken UTF-8 byte arrives in a URL): refused here rather than read as
 * something the sender did not write.
 */
const assertWellEncodedQuery = (url: string) => {
  const mark = url.indexOf("?");
  if (mark < 0) return;
  for (const piece of url.slice(mark + 1).split("&")) {
    try {
      decodeURIComponent(piece.replace(/\+/g, " "));
    } catch {
      const field = piece.split("=")[0];
      throw new AppError(400, "errors.input.text", {
        params: { field },
        fields: [{ field, message: "errors.input.problems.encoding" }],
      });
    }
  }
};

/**
 * An /api route without a body schema reads no JSON body (uploads and imports read a stream or a
 * buffer): data sent to it anyway is refused rather than silently dropped.
 */
const assertBodyExpected = (req: FastifyRequest) => {
  const body = req.body;
  if (req.routeOptions.schema?.body || body === null || typeof body !== "object") return;
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === "function") return;
  if (Object.keys(body).length > 0) throw new AppError(400, "errors.input.unexpectedBody");
};

const checkHeaders = (req: FastifyRequest) => {
  for (const name of READ_HEADERS) {
    const value = req.headers[name];
    for (const v of [value].flat()) if (typeof v === "string") assertCleanText(v, `header.${name}`);
  }
};

/** JSON is UTF-8 (RFC 8259); any other declared charset is refused rather than misread. */
const charsetOf = (contentType: string | undefined) =>
  /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
const UTF8 = new Set(["utf-8", "utf8"]);
/** Throws on any byte sequence that is not UTF-8 (fatal), instead of replacing it. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A multipart field value or file name arrives decoded by the parser, which puts U+FFFD where the
 * bytes were not UTF-8 instead of failing. Such a value is refused with the answer a JSON body
 * with broken bytes gets, rather than stored with the damage repaired into it (a U+FFFD really
 * typed, which no file name, path or date needs, is refused alike: the two look the same here).
 */
export const assertDecodedUtf8 = (value: string) => {
  if (value.includes("\uFFFD")) throw new AppError(400, "errors.input.badUtf8");
};

declare module "fastify" {
  interface FastifyInstance {
    /** Each route's querystring schema ("GET /api/members"), for tests that must cover every parameter. */
    querySchemas: Map<string, unknown>;
    /** Each route's params schema, so such tests can fill `:key` with a value the route takes. */
    paramSchemas: Map<string, unknown>;
  }
}

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("querySchemas", new Map<string, unknown>());
    app.decorate("paramSchemas", new Map<string, unknown>());
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        app.querySchemas.set(`${String(method)} ${route.url}`, route.schema?.querystring);
        app.paramSchemas.set(`${String(method)} ${route.url}`, route.schema?.params);
      }
    });

    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    // Read as bytes: decoding to a string first would put U+FFFD where bytes are broken, and the
    // repaired text would be stored as if the sender had written it.
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
      const charset = charsetOf(req.headers["content-type"]);
      if (charset !== undefined && !UTF8.has(charset.toLowerCase())) {
        done(new AppError(415, "errors.input.charset", { params: { charset } }), undefined);
        return;
      }
      let text: string;
      try {
        text = strictUtf8.decode(body as Buffer);
      } catch {
        done(new AppError(400, "errors.input.badUtf8"), undefined);
        return;
      }
      parseJson(req, text, done);
    });

    app.addHook("onRequest", async (req) => {
      if (!req.url.startsWith("/api") && !req.url.startsWith("/user-center")) return;
      checkHeaders(req);
      assertWellEncodedQuery(req.url);
    });
    app.addHook("preValidation", async (req) => {
      const isApi = req.url.startsWith("/api");
      if (!isApi && !req.url.startsWith("/user-center")) return;
      walk(req.params, "", 0, false);
      walk(req.query, "", 0, false);
      walk(req.body, "", 0, true);
      if (isApi) {
        assertKnownQueryKeys(req);
        assertBodyExpected(req);
      }
    });
  },
  { name: "input-guard", dependencies: ["envelope"] },
);
