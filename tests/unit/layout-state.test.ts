import { describe, expect, it } from "vitest";

import { DEFAULT_PREFERENCES, type Preferences } from "../../src/shared/preferences";
import {
  breakpointOf,
  BREAKPOINTS,
  effectiveLayout,
  isOverlayWidth,
  rememberPage,
  resolveColorScheme,
  resolveDirection,
  showsScrollTop,
  withNavbarType,
  withNavLayout,
  withToggledCollapse,
} from "../../src/client/layout/layout-state";
import { COOKIE_NAMES, preferenceCookie } from "../../src/client/layout/preference-cookie";
import { palette } from "../../src/client/layout/theme-palette";
import { backoffDelay, createSseParser } from "../../src/client/features/notifications/sse-parser";

const prefs = (patch: Partial<Preferences> = {}): Preferences => ({
  ...DEFAULT_PREFERENCES,
  ...patch,
});
const WIDE = 1440;

describe("defaults (SPEC §2)", () => {
  it("start vertical, boxed, sticky blurred navbar, static footer, expanded", () => {
    expect(prefs()).toMatchObject({
      navLayout: "vertical",
      contentWidth: "boxed",
      navbarType: "sticky",
      navbarBlur: true,
      footerType: "static",
      navCollapsed: false,
      theme: "light",
    });
    expect(effectiveLayout(prefs(), WIDE)).toEqual({
      nav: "vertical",
      isCollapsed: false,
      isOverlay: false,
      navbarType: "sticky",
      footerType: "static",
      contentWidth: "boxed",
    });
  });
});

describe("breakpoints (SPEC §9)", () => {
  it("are 0, 600, 960, 1280, 1920, 2560", () => {
    expect(Object.values(BREAKPOINTS)).toEqual([0, 600, 960, 1280, 1920, 2560]);
    expect(breakpointOf(0)).toBe("xs");
    expect(breakpointOf(599)).toBe("xs");
    expect(breakpointOf(600)).toBe("sm");
    expect(breakpointOf(1279)).toBe("md");
    expect(breakpointOf(1280)).toBe("lg");
    expect(breakpointOf(2560)).toBe("xxl");
  });

  it("overlay navigation below the large breakpoint (one less than lg)", () => {
    expect(isOverlayWidth(1279)).toBe(true);
    expect(isOverlayWidth(1280)).toBe(false);
  });
});

describe("navigation rules (SPEC §4)", () => {
  it("switching to horizontal forces a hidden navbar to sticky and expands the navigation", () => {
    const next = withNavLayout(
      prefs({ navbarType: "hidden", navCollapsed: true, navLayout: "collapsed" }),
      "horizontal",
    );
    expect(next).toMatchObject({
      navLayout: "horizontal",
      navbarType: "sticky",
      navCollapsed: false,
    });
  });

  it("keeps the navbar sticky while horizontal", () => {
    expect(withNavbarType(prefs({ navLayout: "horizontal" }), "hidden").navbarType).toBe("sticky");
    expect(withNavbarType(prefs({ navLayout: "vertical" }), "hidden").navbarType).toBe("hidden");
    // Even a stored combination the rules would not produce renders sticky.
    expect(
      effectiveLayout(prefs({ navLayout: "horizontal", navbarType: "hidden" }), WIDE).navbarType,
    ).toBe("sticky");
  });

  it("forces vertical navigation below the overlay breakpoint", () => {
    const layout = effectiveLayout(prefs({ navLayout: "horizontal" }), 1279);
    expect(layout).toMatchObject({ nav: "vertical", isOverlay: true, isCollapsed: false });
    expect(effectiveLayout(prefs({ navLayout: "horizontal" }), 1280).nav).toBe("horizontal");
    expect(effectiveLayout(prefs({ navLayout: "collapsed" }), 390)).toMatchObject({
      isCollapsed: false,
      isOverlay: true,
    });
  });

  it("collapsed layout and the fold button stay in step", () => {
    expect(withNavLayout(prefs(), "collapsed")).toMatchObject({
      navLayout: "collapsed",
      navCollapsed: true,
    });
    expect(withNavLayout(prefs({ navCollapsed: true }), "vertical").navCollapsed).toBe(false);
    const folded = withToggledCollapse(prefs());
    expect(folded).toMatchObject({ navLayout: "collapsed", navCollapsed: true });
    expect(effectiveLayout(folded, WIDE).isCollapsed).toBe(true);
    expect(withToggledCollapse(folded)).toMatchObject({
      navLayout: "vertical",
      navCollapsed: false,
    });
    expect(withToggledCollapse(prefs({ navLayout: "horizontal" })).navLayout).toBe("horizontal");
  });
});

describe("theme, direction, scroll", () => {
  it("system follows the operating system; the others are fixed", () => {
    expect(resolveColorScheme("system", true)).toBe("dark");
    expect(resolveColorScheme("system", false)).toBe("light");
    expect(resolveColorScheme("light", true)).toBe("light");
    expect(resolveColorScheme("dark", false)).toBe("dark");
  });

  it("a skin swaps background and surface colours", () => {
    expect(palette("light", "default").bgLayout).not.toBe(palette("light", "default").bgContainer);
    expect(palette("light", "bordered").bgLayout).toBe(palette("light", "bordered").bgContainer);
    expect(palette("dark", "default").loader.bg).not.toBe(palette("light", "default").loader.bg);
  });

  it("right-to-left wins over the language direction", () => {
    expect(resolveDirection(true, "ltr")).toBe("rtl");
    expect(resolveDirection(false, "ltr")).toBe("ltr");
  });

  it("scroll-to-top shows after 200 px", () => {
    expect(showsScrollTop(200)).toBe(false);
    expect(showsScrollTop(201)).toBe(true);
  });
});

describe("preference cookies (SPEC §9)", () => {
  it("are prefixed with the app title, 30 days, path /", () => {
    expect(Object.values(COOKIE_NAMES)).toEqual([
      "theme",
      "color-scheme",
      "skin",
      "navbar-blur",
      "nav-collapsed",
      "content-width",
    ]);
    expect(preferenceCookie("theme", "dark")).toBe(
      "law-manage-theme=dark; max-age=2592000; path=/; samesite=lax",
    );
  });
});

describe("keep-alive pages", () => {
  it("remembers the most recent pages and drops the oldest past the limit", () => {
    let keys: string[] = [];
    for (const key of ["/a", "/b", "/c", "/a"]) keys = rememberPage(keys, key, 3);
    expect(keys).toEqual(["/b", "/c", "/a"]);
    expect(rememberPage(keys, "/d", 3)).toEqual(["/c", "/a", "/d"]);
  });
});

describe("notification stream parsing", () => {
  it("splits Server-Sent Events across chunks and skips keep-alive comments", () => {
    const parse = createSseParser();
    expect(parse('event: ready\ndata: {"unread":2}\n\n: ping\n\nevent: notif')).toEqual([
      { event: "ready", data: '{"unread":2}' },
    ]);
    expect(parse('ication\ndata: {"unread":3}\n\n')).toEqual([
      { event: "notification", data: '{"unread":3}' },
    ]);
  });

  it("backs off from 1 s up to 30 s", () => {
    expect([0, 1, 2, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
