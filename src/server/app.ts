import path from "node:path";

import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";

import { AppError } from "../shared/errors";
import { addMemberFormats } from "../shared/validators";
import { addCalendarFormats } from "../shared/calendar-dates";
import type { Config } from "./lib/config";
import { type Database, openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedIfEmpty } from "./seed/demo";
import { accountBindings, accountRowOwners, registerAccountChangeEffect } from "./features/accounts";
import { accountsRoutes } from "./features/accounts";
import { clientsSearch } from "./features/accounts";
import { auditRoutes } from "./features/audit";
import { caseBindings, caseRowOwners } from "./features/cases";
import { casesRoutes } from "./features/cases";
import { contractBindings, contractRowOwners } from "./features/contracts";
import { contractsRoutes } from "./features/contracts";
import { sealBindings, sealRowOwners } from "./features/seals";
import { sealsRoutes } from "./features/seals";
import { DEFAULT_PDF_FONT } from "./features/conflicts";
import { conflictsRoutes } from "./features/conflicts";
import { casesSearch } from "./features/cases";
import { calendarRoutes } from "./features/calendar";
import { deadlineBindings, deadlineRowOwners } from "./features/deadlines";
import { deadlinesRoutes } from "./features/deadlines";
import { tasksRoutes } from "./features/tasks";
import { dictionariesRoutes } from "./features/dictionaries";
import { createDictionaryUsageRegistry } from "./features/dictionaries";
import { authRoutes, userServiceRoutes } from "./features/auth";
import type { AuthDeps } from "./features/auth";
import { createSessionStore } from "./features/auth";
import { createTokenSigner } from "./features/auth";
import { documentsRoutes } from "./features/documents";
import { createDiskStore } from "./features/documents";
import { esignRoutes, esignRowOwners } from "./features/esign";
import { messagesRoutes } from "./features/messages";
import { createSenders } from "./features/messages";
import { notificationsRoutes } from "./features/notifications";
import { orgRoutes } from "./features/org";
import { profileRoutes } from "./features/profile";
import { departmentsSearch, documentsSearch, membersSearch } from "./features/search";
import { createSearchRegistry, type SearchRegistry } from "./features/search";
import { searchRoutes } from "./features/search";
import { systemRoutes } from "./features/system";
import { createWorkflowRegistry, workflowRoutes } from "./features/workflow";
import { MULTIPLE_OF_PRECISION } from "./lib/ajv-options";
import { type Bus, createBus } from "./lib/bus";
import { authPlugin } from "./plugins/auth";
import { clientErrorHandler } from "./plugins/client-errors";
import { type BodyLimits, envelopePlugin, frameworkErrorHandler, MAX_PARAM_LENGTH } from "./plugins/envelope";
import { inputGuardPlugin } from "./plugins/input-guard";
import { registriesPlugin } from "./plugins/registries";
import { compressionPlugin } from "./plugins/compression";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { spaPlugin } from "./plugins/spa";
import { loadResources, recordsBinding, recordsRowOwners, type ResourceRegistry, schemaEngineRoutes } from "./schema-engine";
import { XLSX_MIME } from "./schema-engine/export";
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

/** The user center's sign-in form is the only form body; it is small. */
const FORM_BODY_LIMIT = 16 * 1024;

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
  const resources = loadResources(config.schemasDir, { ...accountBindings, ...caseBindings, ...contractBindings, ...sealBindings, ...deadlineBindings }, recordsBinding);
  // What each 413 names: the form parser's and the import parser's own limits, else the route's.
  const bodyLimits: BodyLimits = {
    default: config.bodyLimitBytes,
    byMediaType: {
      "application/x-www-form-urlencoded": FORM_BODY_LIMIT,
      [XLSX_MIME]: config.importMaxBytes,
      "application/octet-stream": config.importMaxBytes,
    },
  };
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(bodyLimits),
    clientErrorHandler,
    trustProxy: config.trustProxy,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: "array", allErrors: true, multipleOfPrecision: MULTIPLE_OF_PRECISION },
      plugins: [addMemberFormats],
      // After ajv-formats (which Fastify adds after the plugins): real calendar days only.
      onCreate: addCalendarFormats,
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

  await app.register(registriesPlugin);
  for (const owners of [recordsRowOwners, accountRowOwners, caseRowOwners, contractRowOwners, sealRowOwners, deadlineRowOwners, esignRowOwners]) {
    for (const [table, owner] of Object.entries(owners)) app.rowOwners.register(table, owner);
  }
  const workflow = createWorkflowRegistry();
  app.decorate("workflow", workflow);
  app.addHook("onReady", async () => workflow.assertComplete());
  // One store of file bodies: Documents and the features that write files (sealed contracts) share it.
  app.decorate("files", createDiskStore(path.join(config.dataDir, "files")));
  await app.register(securityHeadersPlugin, { contentSecurityPolicy: CSP, crossOriginEmbedderPolicy: false });
  await app.register(envelopePlugin, { bodyLimits });
  await app.register(inputGuardPlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimit, {
    global: false,
    // The message states the limit of the route that refused ("at most 30 a minute").
    errorResponseBuilder: (_req, context) =>
      new AppError(429, "errors.input.rateLimited", { params: { max: context.max, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
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
  for (const provider of [membersSearch, departmentsSearch, documentsSearch, clientsSearch, casesSearch]) search.register(provider);
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
  registerAccountChangeEffect(app);
  await app.register(accountsRoutes, { prefix: "/api", registry: resources });
  await app.register(casesRoutes, { prefix: "/api", registry: resources, expiryIntervalSeconds: config.casesExpiryIntervalSeconds ?? 600 });
  await app.register(contractsRoutes, { prefix: "/api", registry: resources });
  await app.register(sealsRoutes, { prefix: "/api", registry: resources, overdueIntervalSeconds: config.sealsOverdueIntervalSeconds ?? 3600 });
  // E-mail and SMS for every feature (features/messages): the Outbox when no sender is configured.
  const senders = createSenders(config);
  await app.register(deadlinesRoutes, { prefix: "/api", reminderIntervalSeconds: config.deadlineReminderIntervalSeconds ?? 300, mail: { senders, publicUrl: config.publicUrl } });
  await app.register(tasksRoutes, { prefix: "/api" });
  await app.register(calendarRoutes, { prefix: "/api" });
  await app.register(conflictsRoutes, {
    prefix: "/api",
    pdfFont: config.pdfFontPath ? { path: config.pdfFontPath, face: config.pdfFontFace ?? DEFAULT_PDF_FONT.face } : undefined,
  });
  await app.register(documentsRoutes, { prefix: "/api/documents", sessions, tokens, store: app.files });
  await app.register(messagesRoutes, { prefix: "/api", senders, secret: config.jwtSecret, outboxShowsSecrets: config.outboxShowsSecrets, deliverEverySeconds: 60 });
  await app.register(esignRoutes, {
    prefix: "/api",
    store: app.files,
    senders,
    pdfFont: config.pdfFontPath ? { path: config.pdfFontPath, face: config.pdfFontFace ?? DEFAULT_PDF_FONT.face } : DEFAULT_PDF_FONT,
  });
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
