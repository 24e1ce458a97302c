import type { Readable } from "node:stream";

import { getTableName } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";

import { AppError } from "../../shared/errors";
import type { Action } from "../../shared/permissions";
import type { Db } from "../db/client";
import { firmTodayOf } from "../lib/firm-time";
import { type ListQuery, listQuery } from "../lib/list-query";
import { writeExport, writeReport, writeTemplate, XLSX_MIME } from "./export";
import { type ImportLimits, importRecords, type OnDuplicate, type RowError } from "./import";
import { menuEntry } from "./menu";
import { referencedResource } from "./query";
import { createRecord, deleteRecord, findRecords, updateRecord, viewRecord } from "./service";
import type { Resource, ResourceRegistry } from "./types";

export type ResourceRouteOptions = {
  registry: ResourceRegistry;
  importLimits: ImportLimits;
  importMaxBytes: number;
  exportMaxRows: number;
};

type Body = Record<string, unknown>;

const reportBody = {
  type: "object",
  required: ["errors"],
  additionalProperties: false,
  properties: {
    errors: {
      type: "array",
      maxItems: 100_000,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["row", "field", "message"],
        properties: {
          row: { type: "integer" },
          field: { type: "string", maxLength: 200 },
          message: { type: "string", maxLength: 500 },
        },
      },
    },
  },
} as const;

/** How rows that name a stored record are treated, and whether valid rows go in despite others. */
const importQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    onDuplicate: { type: "string", enum: ["stop", "update", "skip"] },
    partial: { type: "boolean" },
  },
} as const;

const OPS = "(_like|_gte|_lte|_ne|_null)?";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The resource's own filter keys (a field, or `id`, with an optional operator), and a reference
 * field's through its record (`caseId.departmentId`); sort keys, the referenced field and every
 * value are checked by query.ts, which answers 400 for anything else.
 */
const resourceListQuery = (res: Resource) => {
  const base = listQuery([]);
  const keys = [...res.byKey.keys(), "id"].map(escapeRegex).join("|");
  const refs = res.fields.filter((f) => referencedResource(f) && f.column).map((f) => f.key);
  const through = refs.length
    ? { [`^(${refs.map(escapeRegex).join("|")})\\.[a-z][A-Za-z0-9]{0,60}${OPS}$`]: {} }
    : {};
  return {
    ...base,
    properties: {
      ...base.properties,
      _sort: { type: "string", maxLength: 1000 },
      _order: { type: "string", maxLength: 200 },
    },
    patternProperties: { [`^(${keys})${OPS}$`]: {}, ...through },
  };
};

/** The service validates with the resource's own ajv (x- vocabulary); the route schema documents the body. */
const passThrough = () => () => true;

const sendXlsx = (reply: FastifyReply, name: string, stream: Readable) =>
  reply
    .header("content-type", XLSX_MIME)
    .header(
      "content-disposition",
      `attachment; filename="${name}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
    )
    .send(stream);

/** The firm's today, not UTC's: an export made at 07:00 Beijing is named for that day. */
const stamp = (ctx: { db: Db; workspaceId: string }) => firmTodayOf(ctx.db, ctx.workspaceId);

/** list, show, create, update, delete, import and export of one schema-driven resource. */
async function resourceRoutes(
  app: FastifyInstance,
  opts: ResourceRouteOptions & { resource: Resource },
) {
  const res = opts.resource;
  const can = (action: Action) => ({
    permission: [action, res.subject] as [Action, typeof res.subject],
  });
  const one = (action: Action) => ({
    ...can(action),
    tenantTable: getTableName(res.binding.table),
  });
  const bodyFor = (withVersion: boolean) => ({
    ...res.schema,
    required: withVersion ? ["version"] : res.schema.required,
    properties: {
      ...res.schema.properties,
      ...(withVersion ? { version: { type: "integer", minimum: 1 } } : {}),
    },
  });

  app.addContentTypeParser(
    [XLSX_MIME, "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: opts.importMaxBytes },
    (_req, body, done) => done(null, body),
  );

  const querystring = resourceListQuery(res);
  app.get<{ Querystring: ListQuery }>(
    "/",
    { schema: { querystring }, config: can("read") },
    async (req, reply) => {
      const { rows, total } = await findRecords(req.ctx, res, req.query, opts.registry);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.get<{ Querystring: ListQuery }>(
    "/export",
    { schema: { querystring }, config: can("export") },
    async (req, reply) => {
      return sendXlsx(
        reply,
        `${res.name}-${await stamp(req.ctx)}`,
        await writeExport(req.ctx, res, req.query, opts.exportMaxRows, opts.registry),
      );
    },
  );
  // The page states the limits before the user picks a file; they are the server's, not a guess.
  app.get("/import-limits", { config: can("import") }, async () => ({
    maxRows: opts.importLimits.maxRows,
    maxBytes: opts.importMaxBytes,
    exportMaxRows: opts.exportMaxRows,
  }));
  app.get("/import-template", { config: can("import") }, (req, reply) =>
    sendXlsx(reply, `${res.name}-template`, writeTemplate(req.ctx, res)),
  );
  app.post<{ Body: Buffer; Querystring: { onDuplicate?: OnDuplicate; partial?: boolean } }>(
    "/import",
    { schema: { querystring: importQuery }, config: can("import") },
    (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError(400, "errors.importNotXlsx");
      const options = {
        onDuplicate: req.query.onDuplicate ?? "stop",
        partial: req.query.partial === true,
      };
      return importRecords(req.ctx, res, opts.registry, req.body, opts.importLimits, options);
    },
  );
  app.post<{ Body: { errors: RowError[] } }>(
    "/import-report",
    { schema: { body: reportBody }, config: can("import") },
    (req, reply) =>
      sendXlsx(reply, `${res.name}-import-errors`, writeReport(req.ctx, req.body.errors)),
  );
  app.get<{ Params: { id: string } }>("/:id", { config: one("read") }, (req) =>
    viewRecord(req.ctx, res, req.params.id),
  );
  app.post<{ Body: Body }>(
    "/",
    { schema: { body: bodyFor(false) }, validatorCompiler: passThrough, config: can("create") },
    (req) => createRecord(req.ctx, res, opts.registry, req.body ?? {}),
  );
  app.patch<{ Params: { id: string }; Body: Body }>(
    "/:id",
    { schema: { body: bodyFor(true) }, validatorCompiler: passThrough, config: one("update") },
    (req) => updateRecord(req.ctx, res, opts.registry, req.params.id, req.body ?? {}),
  );
  app.delete<{ Params: { id: string } }>("/:id", { config: one("delete") }, (req) =>
    deleteRecord(req.ctx, res, req.params.id),
  );
}

/** Serves each resource's schema to the SPA, so an admin's schema edit needs a restart, not a rebuild. */
async function schemaRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  // The SPA builds menu entries and routes from this before anyone signs in (the sign-in page's
  // router is the same one), so it is public: it names entities, never their records.
  const menus = opts.registry.all().flatMap((res) => menuEntry(res.name, res.schema) ?? []);
  app.get("/", { config: { permission: "public" } }, async () => menus);
  // One static path per resource: nothing in the URL names a row, so no tenant guard applies.
  for (const res of opts.registry.all()) {
    app.get(`/${res.name}`, { config: { permission: "member" } }, async () => res.schema);
  }
}

/** Registered once in app.ts with `{ prefix: "/api", ... }`: every schema file becomes `/api/<name>`. */
export async function schemaEngineRoutes(app: FastifyInstance, opts: ResourceRouteOptions) {
  await app.register(schemaRoutes, { prefix: "/schemas", registry: opts.registry });
  for (const resource of opts.registry.all()) {
    await app.register(resourceRoutes, { ...opts, resource, prefix: `/${resource.name}` });
  }
}
