import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";

import type { Language } from "../../shared/i18n-config";
import { interpolateRules } from "../../shared/permission-scopes";
import type { PermissionRule } from "../../shared/permissions";
import type { Db } from "../db/client";
import { buildAbility } from "./ability";
import type { AppRegistries, RequestCtx } from "./request-ctx";

/**
 * A member's permissions as a sign-in would have them now (roles and departments read at this
 * moment, not from a session cache): what runs on a member's behalf without a request (a calendar
 * feed, a scheduled report) must stop the moment the member loses a right.
 */
export const memberAbilityOf = async (db: Db, workspaceId: string, userId: string) => {
  const result = await db.execute(sql`
    select (select coalesce(jsonb_agg(r.rules), '[]'::jsonb) from member_roles mr
              join roles r on r.workspace_id = mr.workspace_id and r.id = mr.role_id
             where mr.workspace_id = ${workspaceId} and mr.user_id = ${userId}) as rules,
           (select coalesce(jsonb_agg(md.department_id), '[]'::jsonb) from member_departments md
             where md.workspace_id = ${workspaceId} and md.user_id = ${userId}) as department_ids`);
  const row = (
    result as unknown as { rows: { rules: PermissionRule[][]; department_ids: string[] }[] }
  ).rows[0];
  const rules = interpolateRules((row?.rules ?? []).flat(), {
    userId,
    departmentIds: row?.department_ids ?? [],
  });
  return { rules, ability: buildAbility(rules) };
};

/** A service context for a job acting as a member: their rights now, their language, no session. */
export const memberCtx = async (
  db: Db,
  app: AppRegistries,
  log: FastifyBaseLogger,
  who: { workspaceId: string; userId: string; lang: Language },
): Promise<RequestCtx> => ({
  userId: who.userId,
  workspaceId: who.workspaceId,
  sessionId: "",
  db,
  ...(await memberAbilityOf(db, who.workspaceId, who.userId)),
  lang: who.lang,
  ip: "",
  log,
  app,
});
