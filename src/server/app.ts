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
import { upgradeRoleTemplates } from "./seed/role-upgrades";
import { accountsPlugin } from "./features/accounts";
import { archivePlugin } from "./features/archive";
import { auditPlugin } from "./features/audit";
import { authPlugin } from "./features/auth";
import { calendarPlugin } from "./features/calendar";
import { casesPlugin } from "./features/cases";
import { closingPlugin } from "./features/closing";
import { conflictsPlugin } from "./features/conflicts";
import { contractsPlugin } from "./features/contracts";
import { deadlinesPlugin } from "./features/deadlines";
import { dictionariesPlugin } from "./features/dictionaries";
import { documentsPlugin } from "./features/documents";
import { esignPlugin } from "./features/esign";
import { feesPlugin } from "./features/fees";
import { feeSharingPlugin } from "./features/fee-sharing";
import { intakePlugin } from "./features/intake";
import { invoicesPlugin } from "./features/invoices";
import { messagesPlugin } from "./features/messages";
import { notificationsPlugin } from "./features/notifications";
import { orgPlugin } from "./features/org";
import { profilePlugin } from "./features/profile";
import { reportSubscriptionsPlugin } from "./features/report-subscriptions";
import { reportsPlugin } from "./features/reports";
import { sealsPlugin } from "./features/seals";
import { searchPlugin } from "./features/search";
import { systemPlugin } from "./features/system";
import { tasksPlugin } from "./features/tasks";
import { userCenterPlugin } from "./features/user-center";
import { workflowPlugin } from "./features/workflow";
import { MULTIPLE_OF_PRECISION } from "./lib/ajv-options";
import { type Bus, createBus } from "./lib/bus";
import { authenticationPlugin } from "./plugins/auth";
import { clientErrorHandler } from "./plugins/client-errors";
import {
  type BodyLimits,
  envelopePlugin,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
} from "./plugins/envelope";
import { bindingsOf, type FeaturePlugin } from "./plugins/feature";
import { inputGuardPlugin } from "./plugins/input-guard";
import { compressionPlugin } from "./plugins/compression";
import { registriesPlugin } from "./plugins/registries";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { spaPlugin } from "./plugins/spa";
import { loadResources, recordsBinding, schemaEnginePlugin } from "./schema-engine";
import { XLSX_MIME } from "./schema-engine/export";

/**
 * The features, each a plugin that registers its own routes, effects, row owners, jobs and
 * start-up steps; every one comes after the features it names as dependencies.
 */
const FEATURES: FeaturePlugin[] = [
  systemPlugin,
  // Before auth: an administrator's reset of a member's two-factor sign-in notifies the member.
  notificationsPlugin,
  authPlugin,
  auditPlugin,
  profilePlugin,
  orgPlugin,
  searchPlugin,
  dictionariesPlugin,
  messagesPlugin,
  documentsPlugin,
  workflowPlugin,
  conflictsPlugin,
  accountsPlugin,
  casesPlugin,
  feesPlugin,
  feeSharingPlugin,
  deadlinesPlugin,
  tasksPlugin,
  calendarPlugin,
  contractsPlugin,
  sealsPlugin,
  esignPlugin,
  invoicesPlugin,
  intakePlugin,
  closingPlugin,
  archivePlugin,
  reportsPlugin,
  reportSubscriptionsPlugin,
  userCenterPlugin,
];

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    bus: Bus;
    config: Config;
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
  const resources = loadResources(config.schemasDir, bindingsOf(FEATURES), recordsBinding);
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
      customOptions: {
        removeAdditional: false,
        coerceTypes: "array",
        allErrors: true,
        multipleOfPrecision: MULTIPLE_OF_PRECISION,
      },
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
    await upgradeRoleTemplates(database);
  }
  const bus = createBus(database.pubsub);
  app.decorate("database", database);
  app.decorate("bus", bus);
  app.decorate("config", config);
  if (ownsDatabase) app.addHook("onClose", () => database.close());

  app.decorate("resources", resources);

  await app.register(registriesPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: CSP,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(envelopePlugin, { bodyLimits });
  await app.register(inputGuardPlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimit, {
    global: false,
    // The message states the limit of the route that refused ("at most 30 a minute").
    errorResponseBuilder: (_req, context) =>
      new AppError(429, "errors.input.rateLimited", {
        params: { max: context.max, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(authenticationPlugin);
  await app.register(schemaEnginePlugin);

  for (const feature of FEATURES) await app.register(feature);

  await app.register(spaPlugin, { clientDir: config.clientDir });
  return app;
}
