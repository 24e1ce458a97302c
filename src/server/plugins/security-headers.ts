import type { IncomingMessage, ServerResponse } from "node:http";

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * helmet's headers, worked out once at start and stamped on every answer: asking helmet per
 * request re-parses the CSP each time, a measurable cost on the busiest read endpoints.
 */
const computeHeaders = (options: HelmetOptions) => {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers.entries()];
};

/**
 * What a built script, style sheet or font still needs: it is never shown as a page, so the CSP,
 * framing and the other document headers do nothing on it, and a screen loads some forty such
 * files over HTTP/1.1, each carrying about 700 bytes of them (more than many a small chunk).
 */
const ASSET_HEADERS = new Set([
  "x-content-type-options",
  "cross-origin-resource-policy",
  "strict-transport-security",
]);
/** The build's hashed files (vite.config.ts); an HTML or SVG there would still get every header. */
const isBuiltAsset = (url: string) =>
  url.startsWith("/manage/assets/") && /\.(js|css|woff2?)(\?|$)/.test(url);

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = computeHeaders(options);
    const assetHeaders = headers.filter(([name]) => ASSET_HEADERS.has(name));
    app.addHook("onRequest", async (req, reply) => {
      for (const [name, value] of isBuiltAsset(req.url) ? assetHeaders : headers)
        reply.header(name, value);
    });
  },
  { name: "security-headers" },
);
