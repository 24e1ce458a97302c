import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";

import { isTimeZone } from "../../../shared/firm-time";
import { workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { timeZoneBody } from "./schemas";

export const saveFirmTimeZone = (ctx: RequestCtx, timeZone: string) =>
  ctx.db.transaction(async (tx) => {
    if (!isTimeZone(timeZone))
      failValidation([fieldError("timeZone", "settings.errors.timeZone", ctx.lang)]);
    const before = { timeZone: await readFirmTimeZone(tx, ctx.workspaceId) };
    await tx
      .update(workspaces)
      .set({
        settings: sql`jsonb_set(${workspaces.settings}, '{timeZone}', ${JSON.stringify(timeZone)}::jsonb)`,
      })
      .where(eq(workspaces.id, ctx.workspaceId));
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workspace_settings",
      entityId: ctx.workspaceId,
      before,
      after: { timeZone },
    });
    return { timeZone };
  });

/** The firm's clock (every screen, PDF and e-mail shows times on it); admins of the organization set it. */
export async function timeZoneRoutes(app: FastifyInstance) {
  app.get("/", { config: { permission: "member" } }, async (req) => ({
    timeZone: await readFirmTimeZone(req.ctx.db, req.ctx.workspaceId),
  }));
  app.put<{ Body: { timeZone: string } }>(
    "/",
    { schema: { body: timeZoneBody }, config: { permission: ["update", "ORG_DICTIONARY"] } },
    (req) => saveFirmTimeZone(req.ctx, req.body.timeZone),
  );
}
