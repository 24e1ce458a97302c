import type { FastifyInstance } from "fastify";

import type { ListQuery } from "../../lib/list-query";
import { auditListQuery } from "./schemas";
import { findAuditLogs } from "./service";

export async function auditRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: { querystring: auditListQuery },
      config: { permission: ["read", "AUDIT_LOG"] },
    },
    async (req, reply) => {
      const { rows, total } = await findAuditLogs(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
}
