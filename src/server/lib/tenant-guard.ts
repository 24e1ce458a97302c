import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";

import { AppError } from "../../shared/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * preValidation hook for routes with `config.tenantTable`: an `:id` that is not a row of the
 * caller's firm answers 404 before the body is even validated, so probing another firm's ids
 * learns nothing from the validation messages.
 */
export const tenantRowGuard = async (req: FastifyRequest) => {
  const table = req.routeOptions.config?.tenantTable;
  const id = (req.params as Record<string, unknown> | undefined)?.id;
  if (!table || id === undefined) return;
  if (!isUuid(id)) throw new AppError(404, "errors.notFound");
  const result = await req.ctx.db.execute(
    sql`select 1 from ${sql.identifier(table)} where workspace_id = ${req.ctx.workspaceId} and id = ${id}`,
  );
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError(404, "errors.notFound");
};
