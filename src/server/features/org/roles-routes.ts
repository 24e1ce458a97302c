import type { FastifyInstance } from "fastify";

import type { RoutePermission } from "../../plugins/auth";
import type { OrgDeps } from "./deps";
import {
  createRole,
  deleteRole,
  findRoles,
  getRole,
  replaceRoleRules,
  type RoleInput,
  type RolePatch,
  type RoleRules,
  updateRole,
} from "./roles-service";

const oneOrMany = {
  anyOf: [
    { type: "string", minLength: 1, maxLength: 64 },
    { type: "array", minItems: 1, maxItems: 20, items: { type: "string", minLength: 1, maxLength: 64 } },
  ],
} as const;

/** A CASL rule as stored on a role; what the values may be is checked by shared/permission-scopes. */
const rule = {
  type: "object",
  required: ["action", "subject"],
  additionalProperties: false,
  properties: {
    action: oneOrMany,
    subject: oneOrMany,
    conditions: { type: "object", maxProperties: 5 },
    fields: { type: "array", maxItems: 100, items: { type: "string", minLength: 1, maxLength: 64 } },
    inverted: { type: "boolean" },
    reason: { type: "string", maxLength: 200 },
  },
} as const;

const rules = { type: "array", maxItems: 500, items: rule } as const;
const name = { type: "string", minLength: 1, maxLength: 50 } as const;
const description = { type: "string", maxLength: 200 } as const;

const createBody = {
  type: "object",
  required: ["name", "code"],
  additionalProperties: false,
  properties: {
    name,
    code: { type: "string", minLength: 1, maxLength: 50, pattern: "^[a-z][a-z0-9_-]*$" },
    description,
    rules,
    isPartner: { type: "boolean" },
  },
} as const;

const patchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { name, description, isPartner: { type: "boolean" }, version: { type: "integer", minimum: 1 } },
} as const;

const rulesBody = {
  type: "object",
  required: ["rules", "version"],
  additionalProperties: false,
  properties: { rules, version: { type: "integer", minimum: 1 } },
} as const;

const one = (action: "read" | "update" | "delete") =>
  ({ config: { permission: [action, "ORG_ROLE"] as RoutePermission, tenantTable: "roles" } });

export async function roleRoutes(app: FastifyInstance, opts: OrgDeps) {
  app.get("/", { config: { permission: ["read", "ORG_ROLE"] } }, async (req, reply) => {
    const rows = await findRoles(req.ctx);
    reply.header("x-total-count", rows.length);
    return rows;
  });

  app.get<{ Params: { id: string } }>("/:id", one("read"), (req) => getRole(req.ctx, req.params.id));

  app.post<{ Body: RoleInput }>(
    "/",
    { schema: { body: createBody }, config: { permission: ["create", "ORG_ROLE"] } },
    (req) => createRole(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: RolePatch }>(
    "/:id",
    { schema: { body: patchBody }, ...one("update") },
    (req) => updateRole(req.ctx, req.params.id, req.body),
  );

  app.put<{ Params: { id: string }; Body: RoleRules }>(
    "/:id/rules",
    { schema: { body: rulesBody }, ...one("update") },
    (req) => replaceRoleRules(req.ctx, opts, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) => deleteRole(req.ctx, opts, req.params.id));
}
