import type { FastifyInstance } from "fastify";

import { idParams } from "../../lib/route-schemas";
import type { SessionStore } from "../../lib/session-store";
import type { RoutePermission } from "../../plugins/auth";
import { getMemberSecurity, resetMemberTwoFactor, revokeMemberSessions } from "./member-security";

/** An administrator's actions on a member's sign-in (the members screen), under /api/members. */
export async function memberSecurityRoutes(app: FastifyInstance, opts: { sessions: SessionStore }) {
  const on = (permission: RoutePermission) => ({ permission, tenantTable: "members" });
  app.get<{ Params: { id: string } }>(
    "/:id/security",
    { schema: { params: idParams }, config: on(["read", "ORG_MEMBER"]) },
    (req) => getMemberSecurity(req.ctx, req.params.id),
  );
  app.post<{ Params: { id: string } }>(
    "/:id/two-factor/reset",
    { schema: { params: idParams }, config: on(["update", "ORG_MEMBER"]) },
    (req) => resetMemberTwoFactor(req.ctx, req.params.id),
  );
  app.post<{ Params: { id: string } }>(
    "/:id/sessions/revoke",
    { schema: { params: idParams }, config: on(["update", "ORG_MEMBER"]) },
    (req) => revokeMemberSessions(req.ctx, opts.sessions, req.params.id),
  );
}
