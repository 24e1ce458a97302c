import type { ThemeConfig } from "antd";

import type { Preferences } from "../../shared/preferences";

export type ColorScheme = "light" | "dark";

/** Background and surface colours per colour scheme and skin (SPEC §4: a skin swaps them). */
export type Palette = {
  bgLayout: string;
  bgContainer: string;
  border: string;
  text: string;
  textSecondary: string;
  navbarBg: string;
  primary: string;
  /** The initial loader in index.html (public/loader.js keeps the same values). */
  loader: { bg: string; color: string; track: string };
};

const PRIMARY = { light: "#1677ff", dark: "#4096ff" } as const;

export const palette = (scheme: ColorScheme, skin: Preferences["skin"]): Palette => {
  const isDark = scheme === "dark";
  const isBordered = skin === "bordered";
  const bgContainer = isDark ? "#141414" : "#ffffff";
  return {
    // The bordered skin is flat: page and surfaces share one colour, outlines separate them.
    bgLayout: isBordered ? bgContainer : isDark ? "#000000" : "#f5f5f5",
    bgContainer,
    border: isDark ? "rgba(253, 253, 253, 0.12)" : isBordered ? "#e5e6eb" : "rgba(5, 5, 5, 0.06)",
    text: isDark ? "rgba(255, 255, 255, 0.85)" : "rgba(0, 0, 0, 0.88)",
    textSecondary: isDark ? "rgba(255, 255, 255, 0.45)" : "rgba(0, 0, 0, 0.45)",
    navbarBg: isDark ? "rgba(20, 20, 20, 0.85)" : "rgba(255, 255, 255, 0.85)",
    primary: PRIMARY[scheme],
    loader: isDark
      ? { bg: "#141414", color: "#4096ff", track: "rgba(64, 150, 255, 0.2)" }
      : { bg: "#f5f5f5", color: "#1677ff", track: "rgba(22, 119, 255, 0.15)" },
  };
};

/** antd theme tokens for the palette; the algorithm does the rest of the dark scheme. */
export const antdTheme = (
  scheme: ColorScheme,
  skin: Preferences["skin"],
  algorithms: { light: ThemeConfig["algorithm"]; dark: ThemeConfig["algorithm"] },
): ThemeConfig => {
  const p = palette(scheme, skin);
  const isBordered = skin === "bordered";
  return {
    cssVar: true,
    algorithm: algorithms[scheme],
    token: {
      colorPrimary: p.primary,
      borderRadius: isBordered ? 4 : 6,
      colorBgLayout: p.bgLayout,
      colorBgContainer: p.bgContainer,
      ...(isBordered ? { boxShadow: "none", boxShadowSecondary: "0 0 0 1px " + p.border } : {}),
    },
    components: {
      Layout: { headerBg: p.bgContainer, siderBg: p.bgContainer, bodyBg: p.bgLayout, footerBg: p.bgLayout },
      Menu: { itemBg: "transparent", subMenuItemBg: "transparent" },
    },
  };
};
