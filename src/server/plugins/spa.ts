import { existsSync } from "node:fs";
import path from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

import { AppError } from "../../shared/errors";
import { sendError } from "./envelope";

/** The signing link and the verify page: their own light page (sign.html), not the admin app. */
const isPublicPage = (urlPath: string) =>
  /^\/manage\/esign\/[^/]+\/?$/.test(urlPath) || /^\/manage\/verify\/?$/.test(urlPath);

/**
 * Serves the built SPA under /manage; any other /manage path gets index.html so the client
 * router can show the page (or its own not-found), except the public signing and verify pages,
 * which get sign.html. Unknown /api paths answer an envelope 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { clientDir: string }) => {
    const indexFile = path.join(opts.clientDir, "index.html");
    const hasClient = existsSync(indexFile);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: opts.clientDir,
        prefix: "/manage/",
        index: false,
        // Wildcard serving finds files of a rebuild made while the server runs.
        wildcard: true,
        cacheControl: false,
        // The build writes .br and .gz copies beside every text asset (vite.config.ts); the best
        // one the browser accepts is sent as is, so nothing is compressed per request.
        preCompressed: true,
        setHeaders: (res, file) => {
          // Hashed assets never change; index.html and the unhashed files (favicon, loader) may
          // change on any deploy, so the browser revalidates them (ETag) on every load.
          const isHashed = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            "cache-control",
            isHashed ? "public, max-age=31536000, immutable" : "no-cache",
          );
          res.setHeader("vary", "Accept-Encoding");
        },
      });
    }

    app.get("/", { config: { permission: "public" } }, (_req, reply) => reply.redirect("/manage/"));
    // Through @fastify/static, so index.html is also sent pre-compressed and revalidated by ETag.
    const sendIndex = (reply: FastifyReply) => reply.sendFile("index.html");
    const hasSignPage = hasClient && existsSync(path.join(opts.clientDir, "sign.html"));
    if (hasClient)
      app.get("/manage/", { config: { permission: "public" } }, (_req, reply) => sendIndex(reply));

    app.setNotFoundHandler((req, reply) => {
      const urlPath = req.url.split("?")[0];
      // A missing hashed asset (stale tab after a deploy) must fail as a 404, not as index.html.
      const isAsset =
        urlPath.startsWith("/manage/assets/") || /\/manage\/[^/]+\.[a-z0-9]+$/i.test(urlPath);
      const isPage =
        (req.method === "GET" || req.method === "HEAD") &&
        (urlPath === "/manage" || urlPath.startsWith("/manage/")) &&
        !isAsset;
      if (isPage && hasSignPage && isPublicPage(urlPath)) {
        return reply.sendFile("sign.html");
      }
      if (isPage && hasClient) {
        return sendIndex(reply);
      }
      return sendError(
        reply,
        req,
        new AppError(404, "errors.routeNotFound", { params: { method: req.method, url: urlPath } }),
      );
    });
  },
  { name: "spa", dependencies: ["envelope"] },
);
