import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
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
        wildcard: false,
        maxAge: "1h",
        setHeaders: (res, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader("cache-control", "public, max-age=31536000, immutable");
          }
        },
      });
    }
    const indexHtml = hasClient ? readFileSync(indexFile, "utf8") : "";

    app.get("/", { config: { permission: "public" } }, (_req, reply) => reply.redirect("/manage/"));

    app.setNotFoundHandler((req, reply) => {
      const isPage = req.method === "GET" && (req.url === "/manage" || req.url.startsWith("/manage/"));
      if (isPage && hasClient) {
        return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
      }
      return sendError(
        reply,
        req,
        new AppError(404, "errors.routeNotFound", { params: { method: req.method, url: req.url.split("?")[0] } }),
      );
    });
  },
  { name: "spa", dependencies: ["envelope"] },
);
