import type { FastifyInstance } from "fastify";

import type { RoutePermission } from "../../plugins/auth";
import {
  createFilter,
  deleteFilter,
  type FilterInput,
  type FilterPatch,
  findFilters,
  getFilter,
  updateFilter,
} from "./filters-service";
import {
  createGroup,
  deleteGroup,
  findGroups,
  getGroup,
  type GroupInput,
  type GroupPatch,
  updateGroup,
} from "./groups-service";
import { getPickerData } from "./picker-service";
import { filterBody, groupBody, pickerQuery } from "./schemas";

/** Groups, saved filters and the picker serve every member, not only admins. */
const basic: RoutePermission = ["basic", "BASIC_PERMISSION"];

export async function groupRoutes(app: FastifyInstance) {
  const one = { config: { permission: basic, tenantTable: "member_groups" } };
  app.get("/", { config: { permission: basic } }, async (req, reply) => {
    const rows = await findGroups(req.ctx);
    reply.header("x-total-count", rows.length);
    return rows;
  });
  app.get<{ Params: { id: string } }>("/:id", one, (req) => getGroup(req.ctx, req.params.id));
  app.post<{ Body: GroupInput }>(
    "/",
    { schema: { body: groupBody(["name", "memberIds"]) }, config: { permission: basic } },
    (req) => createGroup(req.ctx, req.body),
  );
  app.patch<{ Params: { id: string }; Body: GroupPatch }>(
    "/:id",
    { schema: { body: groupBody(["version"]) }, ...one },
    (req) => updateGroup(req.ctx, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string } }>("/:id", one, (req) => deleteGroup(req.ctx, req.params.id));
}

export async function filterRoutes(app: FastifyInstance) {
  const one = { config: { permission: basic, tenantTable: "saved_filters" } };
  app.get("/", { config: { permission: basic } }, async (req, reply) => {
    const rows = await findFilters(req.ctx);
    reply.header("x-total-count", rows.length);
    return rows;
  });
  app.get<{ Params: { id: string } }>("/:id", one, (req) => getFilter(req.ctx, req.params.id));
  app.post<{ Body: FilterInput }>(
    "/",
    { schema: { body: filterBody(["name", "filter"]) }, config: { permission: basic } },
    (req) => createFilter(req.ctx, req.body),
  );
  app.patch<{ Params: { id: string }; Body: FilterPatch }>(
    "/:id",
    { schema: { body: filterBody(["version"]) }, ...one },
    (req) => updateFilter(req.ctx, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string } }>("/:id", one, (req) =>
    deleteFilter(req.ctx, req.params.id),
  );
}

export async function pickerRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { includeDisabled?: boolean } }>(
    "/",
    {
      schema: { querystring: pickerQuery },
      config: { permission: basic },
    },
    (req) => getPickerData(req.ctx, req.query.includeDisabled === true),
  );
}
