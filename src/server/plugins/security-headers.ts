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
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers.entries()];
};

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = computeHeaders(options);
    app.addHook("onRequest", async (_req, reply) => {
      for (const [name, value] of headers) reply.header(name, value);
    });
  },
  { name: "security-headers" },
);
