import type { FastifyInstance } from "fastify";

import type { RoutePermission } from "../../plugins/auth";
import { type ListQuery, listQuery, listFilter, textFilter } from "../../lib/list-query";
import type { OrgDeps } from "./deps";
import { createMember, findMembers, getMember, MEMBER_SORT, type MemberInput, type MemberPatch, updateMember } from "./members-service";

const ids = { type: "array", maxItems: 100, items: { type: "string", format: "uuid" } } as const;

/** Shared by create and edit; the formats are the seed's member validators (src/shared/validators). */
export const memberFields = {
  name: { type: "string", minLength: 1, maxLength: 50, format: "memberName" },
  nameSuffix: { type: "string", maxLength: 50, format: "zhEnSymbols" },
  phone: { type: "string", maxLength: 30, format: "phone" },
  email: { type: "string", maxLength: 200, format: "contactEmail" },
  position: { type: "string", maxLength: 50, format: "zhEnSymbols" },
  departmentIds: ids,
  roleIds: ids,
} as const;

const createBody = {
  type: "object",
  required: ["account", "username"],
  additionalProperties: false,
  properties: {
    account: { type: "string", enum: ["new", "existing"] },
    username: { type: "string", minLength: 2, maxLength: 50, format: "account" },
    password: { type: "string", minLength: 8, maxLength: 200 },
    ...memberFields,
  },
} as const;

const patchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { ...memberFields, isEnabled: { type: "boolean" }, version: { type: "integer", minimum: 1 } },
} as const;

const byId = { config: { permission: ["read", "ORG_MEMBER"] as RoutePermission, tenantTable: "members" } };

export async function memberRoutes(app: FastifyInstance, opts: OrgDeps) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: {
        querystring: listQuery(Object.keys(MEMBER_SORT), {
          q: textFilter, name_like: textFilter, position_like: textFilter,
          isEnabled: { type: "string", enum: ["true", "false"] }, departmentId: listFilter, roleId: listFilter,
          // qs-style arrays (`departmentId[]=…`), as saved filters are replayed.
          "departmentId[]": listFilter, "roleId[]": listFilter,
        }),
      },
      config: { permission: ["read", "ORG_MEMBER"] },
    },
    async (req, reply) => {
      const { rows, total } = await findMembers(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );

  app.get<{ Params: { id: string } }>("/:id", byId, (req) => getMember(req.ctx, req.params.id));

  app.post<{ Body: MemberInput }>(
    "/",
    { schema: { body: createBody }, config: { permission: ["create", "ORG_MEMBER"] } },
    (req) => createMember(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: MemberPatch }>(
    "/:id",
    { schema: { body: patchBody }, config: { permission: ["update", "ORG_MEMBER"], tenantTable: "members" } },
    (req) => updateMember(req.ctx, opts, req.params.id, req.body),
  );
}
