import { theme } from "antd";
import { describe, expect, it } from "vitest";

import { antdTheme, palette } from "../../src/client/layout/theme-palette";

/**
 * WCAG 2.1 AA text contrast (4.5:1) of the theme's colours, computed from antd's own token
 * derivation, so a changed seed fails here before any screen is drawn.
 */

const ALGORITHMS = { light: theme.defaultAlgorithm, dark: theme.darkAlgorithm };
const AA = 4.5;

type Rgb = [number, number, number];

/** #rrggbb or rgb()/rgba(), composited on `under` when translucent. */
const parse = (color: string, under: Rgb = [255, 255, 255]): Rgb => {
  if (color.startsWith("#")) {
    const hex =
      color.length === 4 ? [...color.slice(1)].map((c) => c + c).join("") : color.slice(1, 7);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  }
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((v, i) => v * a + under[i] * (1 - a)) as Rgb;
};

const luminance = ([r, g, b]: Rgb) => {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
};

const contrast = (fg: string, bg: string) => {
  const back = parse(bg);
  const [a, b] = [luminance(parse(fg, back)), luminance(back)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
};

describe.each([
  ["light", "default"],
  ["light", "bordered"],
  ["dark", "default"],
  ["dark", "bordered"],
] as const)("the %s scheme, %s skin", (scheme, skin) => {
  const config = antdTheme(scheme, skin, ALGORITHMS);
  const token = theme.getDesignToken(config);
  const p = palette(scheme, skin);
  const surfaces = [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated];

  it.each([
    "colorText",
    "colorTextSecondary",
    "colorTextTertiary",
    "colorTextDescription",
    "colorTextPlaceholder",
    "colorPrimary",
    "colorLink",
    "colorError",
    "colorLinkHover",
  ] as const)("draws %s at 4.5:1 on every surface", (key) => {
    for (const bg of surfaces)
      expect(contrast(token[key], bg), `${token[key]} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });

  it("keeps text readable on solid primary and danger buttons, hovered too", () => {
    for (const bg of [token.colorPrimary, token.colorPrimaryHover, token.colorError]) {
      expect(contrast(p.onPrimary, bg), `${p.onPrimary} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("mirrors antd's rendered primary into the CSS palette", () => {
    expect(p.primary.toLowerCase()).toBe(token.colorPrimary.toLowerCase());
  });

  it("gives the selected menu entry and every preset tag readable text", () => {
    const menu = config.components?.Menu as { itemSelectedColor?: string } | undefined;
    expect(
      contrast(menu?.itemSelectedColor ?? token.colorPrimary, token.colorPrimaryBg),
    ).toBeGreaterThanOrEqual(AA);
    const tag = {
      ...token,
      ...(config.components?.Tag as Record<string, string>),
    } as unknown as Record<string, string>;
    for (const color of [
      "blue",
      "purple",
      "cyan",
      "green",
      "magenta",
      "red",
      "orange",
      "yellow",
      "volcano",
      "geekblue",
      "gold",
      "lime",
    ]) {
      expect(contrast(tag[`${color}7`], tag[`${color}1`]), `${color} tag`).toBeGreaterThanOrEqual(
        AA,
      );
    }
    for (const status of ["Success", "Warning", "Error", "Info"]) {
      expect(
        contrast(tag[`color${status}`], tag[`color${status}Bg`]),
        `${status} tag`,
      ).toBeGreaterThanOrEqual(AA);
    }
  });
});
