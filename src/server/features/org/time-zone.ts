import type { FastifyInstance } from "fastify";

import { isTimeZone } from "../../../shared/firm-time";
import { readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { timeZoneBody } from "./schemas";
import { saveSettingsSection } from "../../lib/workspace-settings";

export const saveFirmTimeZone = (ctx: RequestCtx, timeZone: string) =>
  ctx.db.transaction(async (tx) => {
    if (!isTimeZone(timeZone))
      failValidation([fieldError("timeZone", "settings.errors.timeZone", ctx.lang)]);
    const before = { timeZone: await readFirmTimeZone(tx, ctx.workspaceId) };
    await saveSettingsSection(tx, ctx, {
      key: "timeZone",
      value: timeZone,
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
