import type { FastifyInstance } from "fastify";

import type { ListQuery } from "../../lib/list-query";
import {
  itemBody,
  itemListQuery,
  itemPatch,
  optionsQuery,
  reorderBody,
  typeBody,
  typePatch,
} from "./schemas";
import {
  createItem,
  createType,
  deleteItem,
  deleteType,
  findItems,
  findOptions,
  findTypes,
  getItem,
  getType,
  type ItemInput,
  type ItemPatch,
  reorderItems,
  type TypeInput,
  type TypePatch,
  updateItem,
  updateType,
} from "./service";
import type { DictionaryUsageRegistry } from "./usage";

type Opts = { usage: DictionaryUsageRegistry };

const can = <A extends "read" | "create" | "update" | "delete">(
  action: A,
): [A, "ORG_DICTIONARY"] => [action, "ORG_DICTIONARY"];

async function typeRoutes(app: FastifyInstance, opts: Opts) {
  const one = (action: "read" | "update" | "delete") => ({
    config: { permission: can(action), tenantTable: "dictionary_types" },
  });
  app.get("/", { config: { permission: can("read") } }, async (req, reply) => {
    const rows = await findTypes(req.ctx);
    reply.header("x-total-count", rows.length);
    return rows;
  });
  app.get<{ Params: { id: string } }>("/:id", one("read"), (req) =>
    getType(req.ctx, req.params.id),
  );
  app.post<{ Body: TypeInput }>(
    "/",
    { schema: { body: typeBody }, config: { permission: can("create") } },
    (req) => createType(req.ctx, req.body),
  );
  app.patch<{ Params: { id: string }; Body: TypePatch }>(
    "/:id",
    { schema: { body: typePatch }, ...one("update") },
    (req) => updateType(req.ctx, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteType(req.ctx, opts.usage, req.params.id),
  );
}

async function itemRoutes(app: FastifyInstance, opts: Opts) {
  const one = (action: "read" | "update" | "delete") => ({
    config: { permission: can(action), tenantTable: "dictionary_items" },
  });
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: { querystring: itemListQuery },
      config: { permission: can("read") },
    },
    async (req, reply) => {
      const { rows, total } = await findItems(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.get<{ Params: { id: string } }>("/:id", one("read"), (req) =>
    getItem(req.ctx, req.params.id),
  );
  app.post<{ Body: ItemInput }>(
    "/",
    { schema: { body: itemBody }, config: { permission: can("create") } },
    (req) => createItem(req.ctx, req.body),
  );
  app.post<{ Body: { typeId: string; ids: string[] } }>(
    "/reorder",
    { schema: { body: reorderBody }, config: { permission: can("update") } },
    (req) => reorderItems(req.ctx, req.body),
  );
  app.patch<{ Params: { id: string }; Body: ItemPatch }>(
    "/:id",
    { schema: { body: itemPatch }, ...one("update") },
    (req) => updateItem(req.ctx, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteItem(req.ctx, opts.usage, req.params.id),
  );
}

async function optionRoutes(app: FastifyInstance) {
  app.get<{ Params: { type: string }; Querystring: { enabled?: boolean } }>(
    "/:type/options",
    {
      schema: { querystring: optionsQuery },
      // Every form that offers a dictionary field needs its choices, whoever fills it in.
      config: { permission: ["basic", "BASIC_PERMISSION"], tenantTable: "dictionary_types" },
    },
    (req) => findOptions(req.ctx, req.params.type, req.query.enabled === true),
  );
}

/** Registered once in app.ts with `{ prefix: "/api", usage }`. */
export async function dictionariesRoutes(app: FastifyInstance, opts: Opts) {
  await app.register(typeRoutes, { prefix: "/dictionary-types", usage: opts.usage });
  await app.register(itemRoutes, { prefix: "/dictionary-items", usage: opts.usage });
  await app.register(optionRoutes, { prefix: "/dictionaries" });
}
