import type { TFunction } from "i18next";

import type {
  SecuritySettings,
  SessionRow,
  TwoFactorSetup,
  TwoFactorStatus,
} from "../../../shared/contracts/security";
import { describeUserAgent } from "../../../shared/user-agent";
import { api } from "../../lib/api";

/** React Query keys of the security screens, so one change refreshes what shows it. */
export const SECURITY_KEYS = {
  twoFactor: ["security", "two-factor"],
  sessions: ["security", "sessions"],
  signIns: ["security", "sign-ins"],
  settings: ["security", "settings"],
} as const;

export const securityApi = {
  twoFactor: () => api.get<TwoFactorStatus>("/profile/two-factor"),
  setup: () => api.post<TwoFactorSetup>("/profile/two-factor/setup"),
  enable: (code: string) =>
    api.post<{ recoveryCodes: string[] }>("/profile/two-factor/enable", { code }),
  disable: (password: string, code: string) =>
    api.post("/profile/two-factor/disable", { password, code }),
  regenerate: (code: string) =>
    api.post<{ recoveryCodes: string[] }>("/profile/two-factor/recovery-codes", { code }),
  sessions: () => api.get<SessionRow[]>("/profile/sessions"),
  revokeSession: (id: string) => api.delete(`/profile/sessions/${id}`),
  revokeOthers: () => api.post<{ revoked: number }>("/profile/sessions/revoke-others"),
  settings: () => api.get<SecuritySettings>("/security-settings"),
  saveSettings: (settings: SecuritySettings) => api.put("/security-settings", settings),
};

/** "Chrome 126 on Windows" (zh: "Windows · Chrome 126") from a stored User-Agent. */
export const deviceLabel = (userAgent: string, t: TFunction) => {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t("security.sessions.deviceOn", { browser, system });
  return browser || system || t("security.sessions.unknownDevice");
};

/** Six digits, as the authenticator shows them (a pasted "123 456" included). */
export const cleanCode = (value: string) => value.replace(/\s/g, "");
export const CODE_PATTERN = /^\d{6}$/;
