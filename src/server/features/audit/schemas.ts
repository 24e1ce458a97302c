/** JSON schemas of the audit-log routes (Fastify's ajv checks requests before any handler runs). */
import { dateTimeFilter, listQuery, textFilter } from "../../lib/list-query";
import { AUDIT_SORT } from "./service";

export const auditListQuery = listQuery(Object.keys(AUDIT_SORT), {
  entity: textFilter,
  entityId: textFilter,
  action: textFilter,
  userId: textFilter,
  createdAt_gte: dateTimeFilter,
  createdAt_lte: dateTimeFilter,
});
