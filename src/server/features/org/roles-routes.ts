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
import {
  roleAnswer,
  roleCreateBody,
  roleListAnswer,
  rolePatchBody,
  roleRulesBody,
} from "./schemas";

const one = (action: "read" | "update" | "delete") => ({
  config: { permission: [action, "ORG_ROLE"] as RoutePermission, tenantTable: "roles" },
});

export async function roleRoutes(app: FastifyInstance, opts: OrgDeps) {
  app.get(
    "/",
    { schema: { response: roleListAnswer }, config: { permission: ["read", "ORG_ROLE"] } },
    async (req, reply) => {
      const rows = await findRoles(req.ctx);
      reply.header("x-total-count", rows.length);
      return rows;
    },
  );

  app.get<{ Params: { id: string } }>(
    "/:id",
    { schema: { response: roleAnswer }, ...one("read") },
    (req) => getRole(req.ctx, req.params.id),
  );

  app.post<{ Body: RoleInput }>(
    "/",
    { schema: { body: roleCreateBody }, config: { permission: ["create", "ORG_ROLE"] } },
    (req) => createRole(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: RolePatch }>(
    "/:id",
    { schema: { body: rolePatchBody }, ...one("update") },
    (req) => updateRole(req.ctx, req.params.id, req.body),
  );

  app.put<{ Params: { id: string }; Body: RoleRules }>(
    "/:id/rules",
    { schema: { body: roleRulesBody }, ...one("update") },
    (req) => replaceRoleRules(req.ctx, opts, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteRole(req.ctx, opts, req.params.id),
  );
}
