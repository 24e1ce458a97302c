import { eq, inArray, sql } from "drizzle-orm";

import {
  type SecuritySettings,
  TWO_FACTOR_MODES,
  type TwoFactorMode,
} from "../../../../shared/contracts/security";
import { AppError } from "../../../../shared/errors";
import type { Db } from "../../../db/client";
import { roles, workspaces } from "../../../db/tables";
import type { RequestCtx } from "../../../lib/request-ctx";
import { inWorkspace } from "../../../lib/tenant";
import { failValidation, fieldError } from "../../../schema-engine/checks";
import { saveSettingsSection } from "../../../lib/workspace-settings";

const isMode = (value: unknown): value is TwoFactorMode =>
  TWO_FACTOR_MODES.includes(value as TwoFactorMode);

/** workspaces.settings.security, with the defaults of a firm that never set it (nobody required). */
export const readSecuritySettings = async (
  db: Db,
  workspaceId: string,
): Promise<SecuritySettings> => {
  const [row] = await db
    .select({
      security: sql<Partial<SecuritySettings> | null>`${workspaces.settings} -> 'security'`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const twoFactor = row?.security?.twoFactor;
  return {
    twoFactor: {
      mode: isMode(twoFactor?.mode) ? twoFactor.mode : "off",
      roleIds: Array.isArray(twoFactor?.roleIds) ? twoFactor.roleIds : [],
    },
  };
};

/**
 * Whether any firm the user is an enabled member of requires two-factor sign-in of them: of
 * everyone, or of a role they hold there. A person in two firms meets the stricter one, since one
 * sign-in can switch into either.
 */
export const isTwoFactorRequired = async (db: Db, userId: string) => {
  const result = await db.execute(sql`
    select exists (
      select 1 from members m join workspaces w on w.id = m.workspace_id
       where m.user_id = ${userId} and m.is_enabled
         and (w.settings #>> '{security,twoFactor,mode}' = 'all'
          or (w.settings #>> '{security,twoFactor,mode}' = 'roles' and exists (
                select 1 from member_roles mr
                 where mr.workspace_id = m.workspace_id and mr.user_id = m.user_id
                   and mr.role_id::text in (select jsonb_array_elements_text(
                         coalesce(w.settings #> '{security,twoFactor,roleIds}', '[]'::jsonb))))))
    ) as required`);
  return (result as unknown as { rows: { required: boolean }[] }).rows[0]?.required === true;
};

/**
 * Settings → Security. Takes effect at each member's next sign-in: those it now covers are taken
 * to enrolment there; nobody already signed in is thrown out.
 */
export const saveSecuritySettings = (ctx: RequestCtx, input: SecuritySettings) =>
  ctx.db.transaction(async (tx) => {
    const roleIds = [...new Set(input.twoFactor.roleIds)];
    if (input.twoFactor.mode === "roles" && roleIds.length === 0)
      failValidation([fieldError("roleIds", "security.errors.rolesRequired", ctx.lang)]);
    if (roleIds.length > 0) {
      const found = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inWorkspace(ctx, roles, inArray(roles.id, roleIds)));
      if (found.length !== roleIds.length) throw new AppError(404, "errors.roleNotFound");
    }
    const after: SecuritySettings = {
      twoFactor: {
        mode: input.twoFactor.mode,
        roleIds: input.twoFactor.mode === "roles" ? roleIds : [],
      },
    };
    const before = await readSecuritySettings(tx, ctx.workspaceId);
    await saveSettingsSection(tx, ctx, { key: "security", value: after, before });
    return after;
  });
