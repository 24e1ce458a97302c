import http from "node:http";
import type { Socket } from "node:net";

import { translatorFor } from "../lib/i18n";

/**
 * Fastify's `clientErrorHandler`: what Node refuses before a request exists (headers over
 * `http.maxHeaderSize`, a malformed request line, a client too slow to send its headers). There
 * are no headers to pick a language from, so the message is given in both languages; the answer
 * is still the `{code, msg, data}` envelope.
 */
const both = (key: string, params: Record<string, string | number>) =>
  `${translatorFor("zh-CN")(key, params)} / ${translatorFor("en")(key, params)}`;

const KNOWN: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "errors.input.headersTooLarge"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "errors.input.requestTimeout"],
};

export const clientErrorHandler = (err: Error & { code?: string }, socket: Socket) => {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, key] = KNOWN[err.code ?? ""] ?? [400, "errors.badRequest"];
  const body = JSON.stringify({
    code: status,
    msg: both(key, { limit: `${Math.round(http.maxHeaderSize / 1024)} KB` }),
    data: null,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
};
