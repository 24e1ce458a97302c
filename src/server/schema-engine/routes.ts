import type { Readable } from "node:stream";

import { getTableName } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";

import { AppError } from "../../shared/errors";
import type { Action } from "../../shared/permissions";
import { type ListQuery, listQuerySchema } from "../lib/list-query";
import { writeExport, writeReport, writeTemplate, XLSX_MIME } from "./export";
import { type ImportLimits, importRecords, type RowError } from "./import";
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
        properties: { row: { type: "integer" }, field: { type: "string", maxLength: 200 }, message: { type: "string", maxLength: 500 } },
      },
    },
  },
} as const;

/** The service validates with the resource's own ajv (x- vocabulary); the route schema documents the body. */
const passThrough = () => () => true;

const sendXlsx = (reply: FastifyReply, name: string, stream: Readable) =>
  reply
    .header("content-type", XLSX_MIME)
    .header("content-disposition", `attachment; filename="${name}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .send(stream);

const stamp = () => new Date().toISOString().slice(0, 10);

/** list, show, create, update, delete, import and export of one schema-driven resource. */
async function resourceRoutes(app: FastifyInstance, opts: ResourceRouteOptions & { resource: Resource }) {
  const res = opts.resource;
  const can = (action: Action) => ({ permission: [action, res.subject] as [Action, typeof res.subject] });
  const one = (action: Action) => ({ ...can(action), tenantTable: getTableName(res.binding.table) });
  const bodyFor = (withVersion: boolean) => ({
    ...res.schema,
    required: withVersion ? ["version"] : res.schema.required,
    properties: { ...res.schema.properties, ...(withVersion ? { version: { type: "integer", minimum: 1 } } : {}) },
  });

  app.addContentTypeParser([XLSX_MIME, "application/octet-stream"], { parseAs: "buffer", bodyLimit: opts.importMaxBytes }, (_req, body, done) =>
    done(null, body),
  );

  app.get<{ Querystring: ListQuery }>("/", { schema: { querystring: listQuerySchema }, config: can("read") }, async (req, reply) => {
    const { rows, total } = await findRecords(req.ctx, res, req.query);
    reply.header("x-total-count", total);
    return rows;
  });
  app.get<{ Querystring: ListQuery }>("/export", { schema: { querystring: listQuerySchema }, config: can("export") }, async (req, reply) => {
    return sendXlsx(reply, `${res.name}-${stamp()}`, await writeExport(req.ctx, res, req.query, opts.exportMaxRows));
  });
  // The page states the limits before the user picks a file; they are the server's, not a guess.
  app.get("/import-limits", { config: can("import") }, async () => ({
    maxRows: opts.importLimits.maxRows,
    maxBytes: opts.importMaxBytes,
    exportMaxRows: opts.exportMaxRows,
  }));
  app.get("/import-template", { config: can("import") }, (req, reply) =>
    sendXlsx(reply, `${res.name}-template`, writeTemplate(req.ctx, res)),
  );
  app.post<{ Body: Buffer }>("/import", { config: can("import") }, (req) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError(400, "errors.importNotXlsx");
    return importRecords(req.ctx, res, req.body, opts.importLimits);
  });
  app.post<{ Body: { errors: RowError[] } }>("/import-report", { schema: { body: reportBody }, config: can("import") }, (req, reply) =>
    sendXlsx(reply, `${res.name}-import-errors`, writeReport(req.ctx, req.body.errors)),
  );
  app.get<{ Params: { id: string } }>("/:id", { config: one("read") }, (req) => viewRecord(req.ctx, res, req.params.id));
  app.post<{ Body: Body }>("/", { schema: { body: bodyFor(false) }, validatorCompiler: passThrough, config: can("create") }, (req) =>
    createRecord(req.ctx, res, opts.registry, req.body ?? {}),
  );
  app.patch<{ Params: { id: string }; Body: Body }>(
    "/:id",
    { schema: { body: bodyFor(true) }, validatorCompiler: passThrough, config: one("update") },
    (req) => updateRecord(req.ctx, res, opts.registry, req.params.id, req.body ?? {}),
  );
  app.delete<{ Params: { id: string } }>("/:id", { config: one("delete") }, (req) => deleteRecord(req.ctx, res, req.params.id));
}

/** Serves each resource's schema to the SPA, so an admin's schema edit needs a restart, not a rebuild. */
async function schemaRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
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
