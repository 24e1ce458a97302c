import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Compresses API answers (JSON of 1 KB and more; br, gzip or deflate as the client prefers).
 * Registered before every route because it works through onRoute. Left out:
 * - the built SPA under /manage: its .br/.gz copies are made at build (vite.config.ts) and
 *   served by spa.ts, so nothing is compressed per request there;
 * - file downloads, which say `compress: false` themselves (Range and ETag describe the stored
 *   bytes);
 * - the event stream, which is hijacked and written unbuffered, so it never passes here.
 * Request bodies are not inflated: bodyLimit must count the bytes the client really sent.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own onRoute hook, which honours `compress: false`.
    app.addHook("onRoute", (route) => {
      if (route.url === "/manage" || route.url.startsWith("/manage/")) route.compress = false;
    });
    await app.register(compress, {
      threshold: 1024,
      encodings: ["br", "gzip", "deflate"],
      globalDecompression: false,
    });
  },
  { name: "compression" },
);
