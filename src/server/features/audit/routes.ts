import type { FastifyInstance } from "fastify";

import { dateTimeFilter, type ListQuery, listQuery, textFilter } from "../../lib/list-query";
import { AUDIT_SORT, findAuditLogs } from "./service";

export async function auditRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: {
        querystring: listQuery(Object.keys(AUDIT_SORT), {
          entity: textFilter, entityId: textFilter, action: textFilter, userId: textFilter,
          createdAt_gte: dateTimeFilter, createdAt_lte: dateTimeFilter,
        }),
      },
      config: { permission: ["read", "AUDIT_LOG"] },
    },
    async (req, reply) => {
      const { rows, total } = await findAuditLogs(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
}
