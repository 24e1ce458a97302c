import type { FastifyInstance } from "fastify";

import type { MemberInput, MemberPatch } from "../../../shared/contracts/org";
import type { RoutePermission } from "../../plugins/auth";
import type { ListQuery } from "../../lib/list-query";
import type { OrgDeps } from "./deps";
import { createMember, findMembers, getMember, updateMember } from "./members-service";
import {
  memberAnswer,
  memberCreateBody,
  memberListAnswer,
  memberListQuery,
  memberPatchBody,
} from "./schemas";

const byId = {
  schema: { response: memberAnswer },
  config: { permission: ["read", "ORG_MEMBER"] as RoutePermission, tenantTable: "members" },
};

export async function memberRoutes(app: FastifyInstance, opts: OrgDeps) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: { querystring: memberListQuery, response: memberListAnswer },
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
    {
      schema: { body: memberCreateBody, response: memberAnswer },
      config: { permission: ["create", "ORG_MEMBER"] },
    },
    (req) => createMember(req.ctx, req.body),
  );

  app.patch<{ Params: { id: string }; Body: MemberPatch }>(
    "/:id",
    {
      schema: { body: memberPatchBody, response: memberAnswer },
      config: { permission: ["update", "ORG_MEMBER"], tenantTable: "members" },
    },
    (req) => updateMember(req.ctx, opts, req.params.id, req.body),
  );
}
