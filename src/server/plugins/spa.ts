import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

import { AppError } from "../../shared/errors";
import { sendError } from "./envelope";

/**
 * Serves the built SPA under /manage; any other /manage path gets index.html so the client
 * router can show the page (or its own not-found). Unknown /api paths answer an envelope 404.
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
        // Hashed assets never change; anything else (favicon, loader) may change on deploy.
        setHeaders: (res, file) => {
          const isHashed = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader("cache-control", isHashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        },
      });
    }

    app.get("/", { config: { permission: "public" } }, (_req, reply) => reply.redirect("/manage/"));
    const sendIndex = (reply: FastifyReply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(readFileSync(indexFile, "utf8"));
    if (hasClient) app.get("/manage/", { config: { permission: "public" } }, (_req, reply) => sendIndex(reply));

    app.setNotFoundHandler((req, reply) => {
      const urlPath = req.url.split("?")[0];
      // A missing hashed asset (stale tab after a deploy) must fail as a 404, not as index.html.
      const isAsset = urlPath.startsWith("/manage/assets/") || /\/manage\/[^/]+\.[a-z0-9]+$/i.test(urlPath);
      const isPage =
        (req.method === "GET" || req.method === "HEAD") &&
        (urlPath === "/manage" || urlPath.startsWith("/manage/")) &&
        !isAsset;
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
