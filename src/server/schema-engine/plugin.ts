import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

import { recordsRowOwners } from "./records-binding";
import { schemaEngineRoutes } from "./routes";
import type { ResourceRegistry } from "./types";

declare module "fastify" {
  interface FastifyInstance {
    /** Every schema-driven resource (schemas/*.schema.json), for features that work on records. */
    resources: ResourceRegistry;
  }
}

/**
 * The schema engine's routes: every schema file becomes `/api/<name>` (list, read, write,
 * import, export) on `app.resources`, loaded and checked by the app before anything opened.
 */
export const schemaEnginePlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    for (const [table, owner] of Object.entries(recordsRowOwners))
      app.rowOwners.register(table, owner);
    await app.register(schemaEngineRoutes, {
      prefix: "/api",
      registry: app.resources,
      importLimits: {
        maxRows: config.importMaxRows,
        maxUncompressedBytes: config.importMaxUncompressedBytes,
        timeoutMs: config.importTimeoutMs,
      },
      importMaxBytes: config.importMaxBytes,
      exportMaxRows: config.exportMaxRows,
    });
  },
  { name: "schema-engine", dependencies: ["registries", "authentication"] },
);
