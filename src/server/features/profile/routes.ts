import type { FastifyInstance } from "fastify";

import { type Preferences, preferencesPatchSchema } from "../../../shared/preferences";
import type { SessionStore } from "../../lib/session-store";
import { getLoginUserInfo } from "../auth";
import {
  changePassword,
  getPreferences,
  type ProfileUpdate,
  updateAvatar,
  updatePreferences,
  updateProfile,
} from "./service";
import { avatarBody, passwordBody, profileBody } from "./schemas";

/** The signed-in user's own account: profile, password, avatar and interface preferences. */
export async function profileRoutes(app: FastifyInstance, opts: { sessions: SessionStore }) {
  const config = { permission: "member" as const };
  app.get("/", { config }, (req) => getLoginUserInfo(req.ctx));
  app.put<{ Body: ProfileUpdate }>("/", { schema: { body: profileBody }, config }, (req) =>
    updateProfile(req.ctx, req.body),
  );
  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    "/password",
    { schema: { body: passwordBody }, config },
    (req) => changePassword(req.ctx, opts.sessions, req.body.oldPassword, req.body.newPassword),
  );
  app.put<{ Body: { dataUrl: string } }>(
    "/avatar",
    { schema: { body: avatarBody }, config },
    (req) => updateAvatar(req.ctx, req.body.dataUrl),
  );
  app.get("/preferences", { config }, (req) => getPreferences(req.ctx));
  app.put<{ Body: Partial<Preferences> }>(
    "/preferences",
    { schema: { body: preferencesPatchSchema }, config },
    (req) => updatePreferences(req.ctx, req.body),
  );
}
