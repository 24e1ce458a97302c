import { rulesToQuery } from "@casl/ability/extra";
import { and, or, sql, type SQL } from "drizzle-orm";

import type { Scope } from "../../shared/permission-scopes";
import type { Action, Subject } from "../../shared/permissions";
import type { RequestCtx } from "./request-ctx";
import type { RowOwner } from "./row-owners";

/**
 * "Only own" and "only my department" rules (src/shared/permission-scopes.ts) enforced in SQL.
 * A table whose rows can be scoped registers the expression naming each row's responsible user
 * (the owner, `app.rowOwners`, row-owners.ts); "my department" means an owner who belongs to one
 * of the caller's departments.
 * The auth plugin applies the scope to every `:id` route on such a table, lists and searches
 * add `rowScope(...)` to their WHERE, and a route on a scoped subject whose table has no owner
 * stops the start (tenant-guard.ts), so a new feature cannot forget it.
 */
type Conditions = { ownerId?: unknown; departmentId?: { $in?: unknown } };

const ids = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The scope of a rule as the session filled it in (the placeholders are gone by now). */
const scopeOf = (conditions: Conditions): Scope | undefined => {
  const keys = Object.keys(conditions);
  if (keys.length === 1 && typeof conditions.ownerId === "string") return "own";
  if (
    keys.length === 1 &&
    Array.isArray(conditions.departmentId?.$in) &&
    Object.keys(conditions.departmentId).length === 1
  )
    return "department";
  return undefined;
};

const scopeSql = (ctx: RequestCtx, conditions: Conditions, owner: RowOwner): SQL => {
  const scope = scopeOf(conditions);
  const many = "many" in owner ? owner.many : undefined;
  if (scope === "own") {
    const me = conditions.ownerId as string;
    return many ? sql`${me}::uuid in (${many})` : sql`${owner as SQL} = ${me}`;
  }
  if (scope === "department") {
    const departments = ids(conditions.departmentId?.$in);
    if (departments.length === 0) return sql`false`;
    const colleagues = sql`select md.user_id from member_departments md where md.workspace_id = ${ctx.workspaceId}
      and md.department_id in (${sql.join(
        departments.map((d) => sql`${d}`),
        sql`, `,
      )})`;
    return many
      ? sql`exists (select 1 from (${many}) o(user_id) where o.user_id in (${colleagues}))`
      : sql`${owner as SQL} in (${colleagues})`;
  }
  // A condition this code cannot express grants nothing (and, inverted, forbids everything).
  return sql`false`;
};

/**
 * The rows of `owner`'s table the caller may `action` on `subject`: undefined when every row,
 * `false` when none, otherwise the SQL condition. Inverted rules ("except …") are honoured in
 * CASL's order, through its own rulesToQuery.
 */
export const rowScope = (
  ctx: RequestCtx,
  action: Action,
  subject: Subject,
  owner: RowOwner,
): SQL | undefined => {
  const query = rulesToQuery(ctx.ability, action, subject, (rule) => {
    const condition = scopeSql(ctx, (rule.conditions ?? {}) as Conditions, owner);
    return rule.inverted ? sql`not coalesce(${condition}, false)` : condition;
  });
  if (query === null) return sql`false`;
  const parts = [...(query.$and ?? [])];
  if (query.$or) parts.push(or(...query.$or) as SQL);
  if (parts.length === 0) return undefined;
  return and(...parts);
};

/** rowScope for a registered table; undefined when the table's rows are not scoped at all. */
export const rowScopeOf = (
  ctx: RequestCtx,
  action: Action,
  subject: Subject,
  tableName: string,
) => {
  const owner = ctx.app.rowOwners.of(tableName);
  return owner ? rowScope(ctx, action, subject, owner) : undefined;
};
