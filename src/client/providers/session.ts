import type { PermissionRule } from "../../shared/permissions";
import { setFirmTimeZone } from "../lib/firm-time";
import { replaceRules } from "./access-control";
import { api } from "../lib/api";
import { getStoredUserInfo, setAccessToken, setStoredUserInfo } from "./storage";

/** timeZone: the firm's clock (IANA name), on which every time is shown. */
export type WorkspaceRef = { id: string | number; name: string; timeZone?: string };

export type LoginUser = {
  id: string | number;
  username: string;
  name: string;
  nameSuffix?: string | null;
  email?: string | null;
  phone?: string | null;
  avatarUrl?: string | null;
  workspace: WorkspaceRef | null;
  workspaces: Array<WorkspaceRef & { current?: boolean }>;
};

export const USER_API = {
  info: "/user-service/user/get-login-user-info",
  authority: "/user-service/user/get-login-user-authority",
  logout: "/auth/logout",
  switchWorkspace: "/auth/switch-workspace",
} as const;

export const fetchLoginUser = async (): Promise<LoginUser> => {
  const data = await api.get<LoginUser>(USER_API.info);
  setStoredUserInfo(data);
  setFirmTimeZone(data.workspace?.timeZone);
  return data;
};

// A reload renders from the stored user info before (or without) asking the server again.
setFirmTimeZone(getStoredUserInfo<LoginUser>()?.workspace?.timeZone);

export const fetchRules = async (): Promise<PermissionRule[]> => {
  const data = await api.get<PermissionRule[]>(USER_API.authority);
  return Array.isArray(data) ? data : [];
};

/** User info and rules together: after the token handoff, on start-up and after a switch. */
export const loadSession = async (): Promise<LoginUser> => {
  const [user, rules] = await Promise.all([fetchLoginUser(), fetchRules()]);
  replaceRules(rules);
  return user;
};

/**
 * The server keeps the chosen workspace with the session; the new rules and user info are
 * loaded here so menus and guards change without signing in again.
 */
export const switchWorkspace = async (workspaceId: WorkspaceRef["id"]): Promise<LoginUser> => {
  const data = await api.post<{ workspace: WorkspaceRef; token?: string }>(
    USER_API.switchWorkspace,
    { workspaceId },
  );
  // Should the server ever re-issue the token per workspace, keep the new one.
  if (data?.token) setAccessToken(data.token);
  return loadSession();
};

export const displayName = (user: Pick<LoginUser, "name" | "nameSuffix"> | null | undefined) =>
  user ? `${user.name}${user.nameSuffix ?? ""}` : "";
