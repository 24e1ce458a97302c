import { ConfigProvider, theme as antdThemes } from "antd";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import { type ReactNode, useEffect, useMemo } from "react";

import { LANGUAGES } from "../../shared/i18n-config";
import { getLanguage } from "../providers/i18n";
import { resolveColorScheme, resolveDirection } from "./layout-state";
import { COOKIE_NAMES, writePreference } from "./preference-cookie";
import { usePreferences } from "./preferences-store";
import { antdTheme, type ColorScheme, palette } from "./theme-palette";
import { useMediaQuery } from "./use-media-query";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const ALGORITHMS = { light: antdThemes.defaultAlgorithm, dark: antdThemes.darkAlgorithm };

/** The colour scheme on screen: "system" follows the operating system live. */
export const useColorScheme = (): ColorScheme => {
  const { theme } = usePreferences();
  const prefersDark = useMediaQuery(DARK_QUERY);
  return resolveColorScheme(theme, prefersDark);
};

/**
 * Mirrors the palette into CSS variables on <html> (our own CSS and the initial loader read
 * them) and remembers the resolved scheme for public/loader.js, so the next load's loader
 * already has the right colours.
 */
const useDocumentTheme = (
  scheme: ColorScheme,
  skin: "default" | "bordered",
  dir: "ltr" | "rtl",
) => {
  useEffect(() => {
    const p = palette(scheme, skin);
    const root = document.documentElement;
    const vars: Record<string, string> = {
      "--app-bg": p.bgLayout,
      "--app-surface": p.bgContainer,
      "--app-border": p.border,
      "--app-text": p.text,
      "--app-text-secondary": p.textSecondary,
      "--app-navbar-bg": p.navbarBg,
      "--app-primary": p.primary,
      "--app-on-primary": p.onPrimary,
      // antd's popup shadow, for our own floating surfaces (dialogs, toasts, panels).
      "--app-shadow-popup":
        "0 6px 16px rgba(0, 0, 0, 0.08), 0 3px 6px -4px rgba(0, 0, 0, 0.12), 0 9px 28px 8px rgba(0, 0, 0, 0.05)",
      "--initial-loader-bg": p.loader.bg,
      "--initial-loader-color": p.loader.color,
      "--initial-loader-track": p.loader.track,
    };
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    root.style.colorScheme = scheme;
    root.dataset.theme = scheme;
    root.dataset.skin = skin;
    root.dir = dir;
    writePreference(COOKIE_NAMES.colorScheme, scheme);
  }, [scheme, skin, dir]);
};

/** antd's theme (algorithm and tokens), locale and direction from the preferences. */
export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const { skin, isRtl } = usePreferences();
  const scheme = useColorScheme();
  const language = getLanguage();
  const languageDir = LANGUAGES.find((l) => l.code === language)?.dir ?? "ltr";
  const direction = resolveDirection(isRtl, languageDir);
  const theme = useMemo(() => antdTheme(scheme, skin, ALGORITHMS), [scheme, skin]);
  useDocumentTheme(scheme, skin, direction);

  return (
    <ConfigProvider locale={language === "en" ? enUS : zhCN} theme={theme} direction={direction}>
      {children}
    </ConfigProvider>
  );
};
