import { eq, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { workspaces } from "../db/tables";
import { type AuditActor, writeAudit } from "./audit";

/**
 * Replaces one section of the firm's settings (`workspaces.settings.<key>`) and audits the
 * change as `workspace_settings`, in the caller's transaction. `after` is what the audit shows
 * when it differs from the stored value (a bare time zone is audited as `{ timeZone }`).
 */
export const saveSettingsSection = async (
  db: Db,
  actor: AuditActor,
  change: { key: string; value: unknown; before: unknown; after?: unknown },
) => {
  await db
    .update(workspaces)
    .set({
      settings: sql`jsonb_set(${workspaces.settings}, ${`{${change.key}}`}::text[], ${JSON.stringify(change.value)}::jsonb)`,
    })
    .where(eq(workspaces.id, actor.workspaceId));
  await writeAudit(db, actor, {
    action: "update",
    entity: "workspace_settings",
    entityId: actor.workspaceId,
    before: change.before,
    after: change.after ?? change.value,
  });
};
