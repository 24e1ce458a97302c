import type { FastifyInstance } from "fastify";

import type { RoutePermission } from "../../plugins/auth";
import {
  createDepartment,
  deleteDepartment,
  type DepartmentInput,
  type DepartmentMove,
  type DepartmentPatch,
  findDepartments,
  getDepartment,
  moveDepartment,
  updateDepartment,
} from "./departments-service";

const name = { type: "string", minLength: 1, maxLength: 100 } as const;
const optionalId = { type: ["string", "null"], format: "uuid" } as const;
const version = { type: "integer", minimum: 1 } as const;

const createBody = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: { name, parentId: optionalId, managerId: optionalId },
} as const;

const patchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { name, managerId: optionalId, version },
} as const;

const moveBody = {
  type: "object",
  required: ["parentId", "index", "version"],
  additionalProperties: false,
  properties: { parentId: optionalId, index: { type: "integer", minimum: 0, maximum: 10_000 }, version },
} as const;

const one = (action: "read" | "update" | "delete") =>
  ({ config: { permission: [action, "ORG_DEPARTMENT"] as RoutePermission, tenantTable: "departments" } });

export async function departmentRoutes(app: FastifyInstance) {
  app.get("/", { config: { permission: ["read", "ORG_DEPARTMENT"] } }, async (req, reply) => {
    const rows = await findDepartments(req.ctx);
    reply.header("x-total-count", rows.length);
    return rows;
  });

  app.get<{ Params: { id: string } }>("/:id", one("read"), (req) => getDepartment(req.ctx, req.params.id));

  app.post<{ Body: DepartmentInput }>(
    "/",
    { schema: { body: createBody }, config: { permission: ["create", "ORG_DEPARTMENT"] } },
    (req) => createDepartment(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: DepartmentPatch }>(
    "/:id",
    { schema: { body: patchBody }, ...one("update") },
    (req) => updateDepartment(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: DepartmentMove }>(
    "/:id/move",
    { schema: { body: moveBody }, ...one("update") },
    (req) => moveDepartment(req.ctx, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) => deleteDepartment(req.ctx, req.params.id));
}
