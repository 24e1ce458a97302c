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

const profileBody = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 50, format: "memberName" },
    nameSuffix: { type: "string", maxLength: 50, default: "" },
    email: { type: "string", maxLength: 200, format: "contactEmail", default: "" },
    phone: { type: "string", maxLength: 30, format: "phone", default: "" },
  },
} as const;

const passwordBody = {
  type: "object",
  required: ["oldPassword", "newPassword"],
  additionalProperties: false,
  properties: {
    oldPassword: { type: "string", minLength: 1, maxLength: 200 },
    newPassword: { type: "string", minLength: 8, maxLength: 128 },
  },
} as const;

const avatarBody = {
  type: "object",
  required: ["dataUrl"],
  additionalProperties: false,
  properties: { dataUrl: { type: "string", maxLength: 400_000 } },
} as const;

/** The signed-in user's own account: profile, password, avatar and interface preferences. */
export async function profileRoutes(app: FastifyInstance, opts: { sessions: SessionStore }) {
  const config = { permission: "member" as const };
  app.get("/", { config }, (req) => getLoginUserInfo(req.ctx));
  app.put<{ Body: ProfileUpdate }>("/", { schema: { body: profileBody }, config }, (req) => updateProfile(req.ctx, req.body));
  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    "/password",
    { schema: { body: passwordBody }, config },
    (req) => changePassword(req.ctx, opts.sessions, req.body.oldPassword, req.body.newPassword),
  );
  app.put<{ Body: { dataUrl: string } }>("/avatar", { schema: { body: avatarBody }, config }, (req) =>
    updateAvatar(req.ctx, req.body.dataUrl),
  );
  app.get("/preferences", { config }, (req) => getPreferences(req.ctx));
  app.put<{ Body: Partial<Preferences> }>(
    "/preferences",
    { schema: { body: preferencesPatchSchema }, config },
    (req) => updatePreferences(req.ctx, req.body),
  );
}
