import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";

import { AppError } from "../../shared/errors";
import { isScopedSubject } from "../../shared/permission-scopes";
import type { Action, Subject } from "../../shared/permissions";
import type { RowOwnerRegistry } from "./row-owners";
import { rowScope } from "./row-scope";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);

/**
 * preValidation hook for routes with `config.tenantTable`: an `:id` that is not a row of the
 * caller's firm answers 404 before the body is even validated, so probing another firm's ids
 * learns nothing from the validation messages.
 */
export const tenantRowGuard = async (req: FastifyRequest) => {
  const { tenantTable: table, permission } = req.routeOptions.config ?? {};
  const id = (req.params as Record<string, unknown> | undefined)?.id;
  if (!table || id === undefined) return;
  if (!isUuid(id)) throw new AppError(404, "errors.notFound");
  // A row outside the caller's "own"/"department" scope is as invisible as another firm's.
  const owner = req.ctx.app.rowOwners.of(table);
  const scope =
    owner && Array.isArray(permission)
      ? rowScope(req.ctx, permission[0] as Action, permission[1] as Subject, owner)
      : undefined;
  const result = await req.ctx.db.execute(
    sql`select 1 from ${sql.identifier(table)} where workspace_id = ${req.ctx.workspaceId} and id = ${id}${scope ? sql` and ${scope}` : sql``}`,
  );
  if ((result as unknown as { rows: unknown[] }).rows.length === 0)
    throw new AppError(404, "errors.notFound");
};

/**
 * Start-up check for one route: an `:id` route on a subject with "own"/"department" scopes must
 * name a table whose owner is registered, or the scopes would silently not apply to it.
 */
export const assertScopedRoute = (
  owners: RowOwnerRegistry,
  url: string,
  permission: unknown,
  tenantTable: string | undefined,
) => {
  if (!tenantTable || !Array.isArray(permission) || !isScopedSubject(permission[1])) return;
  if (!owners.of(tenantTable)) {
    throw new Error(
      `Route ${url} acts on ${String(permission[1])} rows of ${tenantTable}, which registers no row owner (app.rowOwners)`,
    );
  }
};
