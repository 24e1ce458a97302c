import type { ThemeConfig } from "antd";

import type { Preferences } from "../../shared/preferences";

export type ColorScheme = "light" | "dark";

/** Background and surface colours per colour scheme and skin (a skin swaps them). */
export type Palette = {
  bgLayout: string;
  bgContainer: string;
  border: string;
  text: string;
  textSecondary: string;
  navbarBg: string;
  /** The primary colour as antd renders it (the dark algorithm shifts the seed). */
  primary: string;
  /** Text on a solid primary surface (buttons, the avatar). */
  onPrimary: string;
  /** The initial loader in index.html (public/loader.js keeps the same values). */
  loader: { bg: string; color: string; track: string };
};

/**
 * WCAG 2.1 AA: every text colour below reaches 4.5:1 on the surfaces it is drawn on (white and
 * #f5f5f5 in light; #141414, #000 and the #1f1f1f of dialogs in dark). antd's defaults do not:
 * #1677ff on white is 4.1:1, its 45 % grey 3.3:1. A dark page needs a light blue to read, and
 * white on a light blue does not, so solid primary surfaces carry dark text there.
 * tests/e2e/a11y.spec.ts holds the screens to this.
 */
const SEED = {
  light: { primary: "#0958d9", error: "#cf1322" },
  dark: { primary: "#69b1ff", error: "#ff7875" },
} as const;
/** What antd's algorithms make of the seeds (theme.getDesignToken), for our own CSS. */
const RENDERED_PRIMARY = { light: "#0958d9", dark: "#5c99dc" } as const;
const ON_PRIMARY = { light: "#ffffff", dark: "#141414" } as const;
/** Secondary text, descriptions and placeholders: 45 % and 25 % are too faint to read. */
const TEXT_TERTIARY = { light: "rgba(0, 0, 0, 0.58)", dark: "rgba(255, 255, 255, 0.55)" } as const;

/**
 * Preset tag colours (text is the palette's 7th step on its 1st): the ones under 4.5:1 move to
 * a darker step in light, a lighter one in dark.
 */
const TAG_TEXT = {
  light: {
    cyan7: "#006d75",
    green7: "#237804",
    orange7: "#ad4e00",
    yellow7: "#876800",
    volcano7: "#ad2102",
    gold7: "#874d00",
    lime7: "#3f6600",
    colorSuccess: "#237804",
    colorWarning: "#874d00",
    colorError: "#cf1322",
  },
  dark: { purple7: "#ab7ae0", geekblue7: "#7f9ef3", colorError: "#f37370" },
} as const;

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
    textSecondary: TEXT_TERTIARY[scheme],
    navbarBg: isDark ? "rgba(20, 20, 20, 0.85)" : "rgba(255, 255, 255, 0.85)",
    primary: RENDERED_PRIMARY[scheme],
    onPrimary: ON_PRIMARY[scheme],
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
  const isDark = scheme === "dark";
  const seed = SEED[scheme];
  // Links darken on hover in light (a lighter blue would fall under 4.5:1), lighten in dark.
  const hover = isDark ? "#85b8e8" : "#1668dc";
  const linkHover = isDark ? "#85b8e8" : "#003eb3";
  return {
    cssVar: true,
    algorithm: algorithms[scheme],
    token: {
      colorPrimary: seed.primary,
      colorInfo: seed.primary,
      colorLink: seed.primary,
      colorPrimaryHover: hover,
      colorLinkHover: linkHover,
      colorError: seed.error,
      colorTextTertiary: TEXT_TERTIARY[scheme],
      colorTextDescription: TEXT_TERTIARY[scheme],
      colorTextPlaceholder: TEXT_TERTIARY[scheme],
      borderRadius: isBordered ? 4 : 6,
      colorBgLayout: p.bgLayout,
      colorBgContainer: p.bgContainer,
      ...(isBordered ? { boxShadow: "none", boxShadowSecondary: "0 0 0 1px " + p.border } : {}),
    },
    components: {
      Layout: {
        headerBg: p.bgContainer,
        siderBg: p.bgContainer,
        bodyBg: p.bgLayout,
        footerBg: p.bgLayout,
      },
      Menu: {
        itemBg: "transparent",
        subMenuItemBg: "transparent",
        ...(isDark ? { itemSelectedColor: hover, horizontalItemSelectedColor: hover } : {}),
      },
      Button: { primaryColor: p.onPrimary, dangerColor: p.onPrimary },
      Radio: { buttonSolidCheckedColor: p.onPrimary },
      Tag: TAG_TEXT[scheme],
    },
  };
};
