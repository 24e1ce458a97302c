import { and, eq, sql } from "drizzle-orm";

import type { Definition, WorkflowKind } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { memberRoles, roles, workspaces } from "../../db/tables";
import { publishInitialFlow } from "./initial-flow";

/** What a firm's starting flow is built from: its first administrator, its roles by code. */
export type FirmFlowFacts = {
  admin: string;
  /** The ids of the firm's roles with these codes, in the order asked (missing ones left out). */
  roleIds: (codes: string[]) => string[];
};

/**
 * Every firm without a flow of `kind` (nor one under `key`) gets `build`'s, published as version 1
 * by its first administrator, before the app serves: new firms after the demo seed, older firms at
 * their first start on a version that brings the kind. A firm that has one (an admin may have
 * edited or disabled it) is left alone, and so is a firm with no administrator.
 */
export const provisionFirmFlows = async (
  db: Db,
  spec: { kind: WorkflowKind; key: string; build: (facts: FirmFlowFacts) => Definition },
) => {
  const missing = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(
      sql`not exists (select 1 from workflow_definitions d where d.workspace_id = ${workspaces.id}
        and (d.kind = ${spec.kind} or d.key = ${spec.key}))`,
    );
  for (const { id } of missing)
    await db.transaction(async (tx) => {
      const firmRoles = await tx
        .select({ id: roles.id, code: roles.code })
        .from(roles)
        .where(eq(roles.workspaceId, id));
      const idOf = new Map(firmRoles.map((r) => [r.code, r.id]));
      const adminRole = idOf.get("admin");
      if (!adminRole) return;
      const [admin] = await tx
        .select({ userId: memberRoles.userId })
        .from(memberRoles)
        .where(and(eq(memberRoles.workspaceId, id), eq(memberRoles.roleId, adminRole)))
        .limit(1);
      if (!admin) return;
      const roleIds = (codes: string[]) =>
        codes.map((c) => idOf.get(c)).filter((r): r is string => r !== undefined);
      await publishInitialFlow(tx, id, spec.build({ admin: admin.userId, roleIds }), admin.userId);
    });
};
