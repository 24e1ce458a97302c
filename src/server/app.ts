import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";

import { AppError } from "../shared/errors";
import { addMemberFormats } from "../shared/validators";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedIfEmpty } from "./db/seed/demo";
import { accountBindings } from "./features/accounts/bindings";
import { accountsRoutes } from "./features/accounts/routes";
import { clientsSearch } from "./features/accounts/search";
import { auditRoutes } from "./features/audit/routes";
import { dictionariesRoutes } from "./features/dictionaries/routes";
import { createDictionaryUsageRegistry } from "./features/dictionaries/usage";
import { authRoutes, userServiceRoutes } from "./features/auth/routes";
import type { AuthDeps } from "./features/auth/service";
import { createSessionStore } from "./features/auth/session-store";
import { createTokenSigner } from "./features/auth/tokens";
import { documentsRoutes } from "./features/documents/routes";
import { notificationsRoutes } from "./features/notifications/routes";
import { orgRoutes } from "./features/org/routes";
import { profileRoutes } from "./features/profile/routes";
import { departmentsSearch, documentsSearch, membersSearch } from "./features/search/providers";
import { createSearchRegistry, type SearchRegistry } from "./features/search/registry";
import { searchRoutes } from "./features/search/routes";
import { systemRoutes } from "./features/system/routes";
import { workflowRoutes } from "./features/workflow/routes";
import { type Bus, createBus } from "./lib/bus";
import { authPlugin } from "./plugins/auth";
import { envelopePlugin } from "./plugins/envelope";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { spaPlugin } from "./plugins/spa";
import { loadResources, recordsBinding, type ResourceRegistry, schemaEngineRoutes } from "./schema-engine";
import { registerDictionaryUsage } from "./schema-engine/usage";
import { userCenterRoutes } from "./user-center/routes";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    bus: Bus;
    config: Config;
    /** Features add what the navbar search finds with `app.searchRegistry.register(provider)`. */
    searchRegistry: SearchRegistry;
    /** Every schema-driven resource (schemas/*.schema.json), for features that work on records. */
    resources: ResourceRegistry;
  }
}

export type BuildOptions = {
  /** Use an already open (and migrated) database instead of opening one from config. */
  database?: Database;
  logger?: boolean | object;
};

const CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its styles at run time (CSS-in-JS), which needs inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // First: a malformed schema stops the start with its file and problem, before anything opens.
  const resources = loadResources(config.schemasDir, { ...accountBindings }, recordsBinding);
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: "array", allErrors: true },
      plugins: [addMemberFormats],
    },
  });

  const ownsDatabase = !opts.database;
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (ownsDatabase) {
    await runMigrations(database);
    if (config.seedDemo) await seedIfEmpty(database);
  }
  const bus = createBus(database.pubsub);
  app.decorate("database", database);
  app.decorate("bus", bus);
  app.decorate("config", config);
  if (ownsDatabase) app.addHook("onClose", () => database.close());

  const sessions = createSessionStore(database.db, bus);
  const tokens = createTokenSigner(config.jwtSecret);
  const deps: AuthDeps = {
    db: database.db,
    tokens,
    sessions,
    tokenTtlSeconds: config.tokenTtlSeconds,
    maxFailures: config.loginMaxFailures,
    lockMinutes: config.loginLockMinutes,
  };

  await app.register(securityHeadersPlugin, { contentSecurityPolicy: CSP, crossOriginEmbedderPolicy: false });
  await app.register(envelopePlugin, { bodyLimit: config.bodyLimitBytes });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, "errors.tooManyRequests"),
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(authPlugin, { db: database.db, tokens, sessions });

  const authOpts = {
    deps,
    uploadTokenTtlSeconds: config.uploadTokenTtlSeconds,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  };
  await app.register(systemRoutes, {
    prefix: "/api",
    userCenterLoginUrl: config.userCenterLoginUrl,
    userCenterLogoutUrl: config.userCenterLogoutUrl,
  });
  await app.register(authRoutes, { prefix: "/api", ...authOpts });
  await app.register(userServiceRoutes, { prefix: "/api/user-service/user", ...authOpts });
  await app.register(auditRoutes, { prefix: "/api/audit-logs" });
  await app.register(notificationsRoutes, { prefix: "/api/notifications" });
  await app.register(profileRoutes, { prefix: "/api/profile", sessions });
  const search = createSearchRegistry();
  app.decorate("searchRegistry", search);
  for (const provider of [membersSearch, departmentsSearch, documentsSearch, clientsSearch]) search.register(provider);
  await app.register(searchRoutes, { prefix: "/api/search", registry: search });
  await app.register(orgRoutes, { prefix: "/api", sessions });
  const dictionaryUsage = createDictionaryUsageRegistry();
  app.decorate("dictionaryUsage", dictionaryUsage);
  await app.register(dictionariesRoutes, { prefix: "/api", usage: dictionaryUsage });
  app.decorate("resources", resources);
  registerDictionaryUsage(dictionaryUsage, resources);
  await app.register(schemaEngineRoutes, {
    prefix: "/api",
    registry: resources,
    importLimits: { maxRows: config.importMaxRows, maxUncompressedBytes: config.importMaxUncompressedBytes, timeoutMs: config.importTimeoutMs },
    importMaxBytes: config.importMaxBytes,
    exportMaxRows: config.exportMaxRows,
  });
  await app.register(accountsRoutes, { prefix: "/api", registry: resources });
  await app.register(documentsRoutes, { prefix: "/api/documents", sessions, tokens });
  await app.register(workflowRoutes, { prefix: "/api/workflow", tokens });
  await app.register(userCenterRoutes, {
    prefix: "/user-center",
    deps,
    allowedRedirectOrigins: config.allowedRedirectOrigins,
    rateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(spaPlugin, { clientDir: config.clientDir });
  return app;
}
