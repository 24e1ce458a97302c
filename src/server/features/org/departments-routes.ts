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
import {
  departmentAnswer,
  departmentCreateBody,
  departmentListAnswer,
  departmentMoveBody,
  departmentPatchBody,
} from "./schemas";

const one = (action: "read" | "update" | "delete") => ({
  config: { permission: [action, "ORG_DEPARTMENT"] as RoutePermission, tenantTable: "departments" },
});

export async function departmentRoutes(app: FastifyInstance) {
  app.get(
    "/",
    {
      schema: { response: departmentListAnswer },
      config: { permission: ["read", "ORG_DEPARTMENT"] },
    },
    async (req, reply) => {
      const rows = await findDepartments(req.ctx);
      reply.header("x-total-count", rows.length);
      return rows;
    },
  );

  app.get<{ Params: { id: string } }>(
    "/:id",
    { schema: { response: departmentAnswer }, ...one("read") },
    (req) => getDepartment(req.ctx, req.params.id),
  );

  app.post<{ Body: DepartmentInput }>(
    "/",
    {
      schema: { body: departmentCreateBody },
      config: { permission: ["create", "ORG_DEPARTMENT"] },
    },
    (req) => createDepartment(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: DepartmentPatch }>(
    "/:id",
    { schema: { body: departmentPatchBody }, ...one("update") },
    (req) => updateDepartment(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: DepartmentMove }>(
    "/:id/move",
    { schema: { body: departmentMoveBody }, ...one("update") },
    (req) => moveDepartment(req.ctx, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteDepartment(req.ctx, req.params.id),
  );
}
