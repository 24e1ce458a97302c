import { LAYOUT_TITLE } from "../../shared/i18n-config";
import { getLanguage, i18n } from "./i18n";

export type AppConfig = {
  systemTitle: string;
  layoutTitle: string;
  userCenterLoginUrl: string;
  userCenterLogoutUrl: string;
  languages: Array<{ code: string; label: string; dir?: string }>;
};

const fallbackConfig = (): AppConfig => ({
  systemTitle: i18n.t("app.systemTitle"),
  layoutTitle: LAYOUT_TITLE,
  userCenterLoginUrl: "/user-center/login",
  userCenterLogoutUrl: "/user-center/logout",
  languages: [],
});

let cached: AppConfig | null = null;
let pending: Promise<AppConfig> | null = null;

/**
 * `GET /api/config` is public and needed before there is a token (to find the user center),
 * so it goes through fetch instead of the authenticated axios instance, which would also turn
 * a failure into a toast or a redirect loop.
 */
export const loadAppConfig = (): Promise<AppConfig> => {
  if (cached) return Promise.resolve(cached);
  pending ??= fetch("/api/config", {
    headers: { Accept: "application/json", Lang: getLanguage() },
  })
    .then(async (res) => {
      const body = (await res.json()) as { data?: Partial<AppConfig> };
      if (!res.ok || !body.data) throw new Error(String(res.status));
      cached = { ...fallbackConfig(), ...body.data };
      return cached;
    })
    .catch(() => {
      pending = null;
      return fallbackConfig();
    });
  return pending;
};

export const getCachedAppConfig = (): AppConfig | null => cached;

const withQuery = (base: string, query: Record<string, string>) => {
  const sep = base.includes("?") ? "&" : "?";
  return `${base}${sep}${new URLSearchParams(query).toString()}`;
};

/** Where the user center sends the browser back to, with `?token=`. */
export const handoffUrl = () => `${window.location.origin}/manage/login`;

export const buildLoginUrl = (config: AppConfig) =>
  withQuery(config.userCenterLoginUrl, { redirect: handoffUrl(), lang: getLanguage() });

export const buildLogoutUrl = (config: AppConfig) =>
  withQuery(config.userCenterLogoutUrl, { redirect: handoffUrl(), lang: getLanguage() });
