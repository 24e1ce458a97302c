import type { Preferences } from "../../shared/preferences";

/**
 * The layout rules as pure functions, so they can be unit tested without a
 * browser: which navigation, navbar and collapse state actually render for given preferences
 * and screen width, and how a preference change ripples into the others.
 */

/** Screen breakpoints (px): xs, sm, md, lg, xl, xxl. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Navigation turns into an overlay below the large breakpoint (one less than lg). */
export const OVERLAY_NAV_BREAKPOINT = BREAKPOINTS.lg - 1;
export const SCROLL_TOP_THRESHOLD = 200;

export const breakpointOf = (width: number): Breakpoint => {
  const names = Object.keys(BREAKPOINTS) as Breakpoint[];
  let current: Breakpoint = "xs";
  for (const name of names) if (width >= BREAKPOINTS[name]) current = name;
  return current;
};

export const isOverlayWidth = (width: number) => width <= OVERLAY_NAV_BREAKPOINT;

export const showsScrollTop = (scrollY: number) => scrollY > SCROLL_TOP_THRESHOLD;

export type LayoutPrefs = Pick<
  Preferences,
  "navLayout" | "navbarType" | "navCollapsed" | "footerType" | "contentWidth"
>;

export type EffectiveLayout = {
  nav: "vertical" | "horizontal";
  /** The sider shows icons only (vertical navigation on a large screen). */
  isCollapsed: boolean;
  /** The sider is a drawer opened from the navbar. */
  isOverlay: boolean;
  navbarType: Preferences["navbarType"];
  footerType: Preferences["footerType"];
  contentWidth: Preferences["contentWidth"];
};

/** What renders: below the overlay breakpoint the layout is always vertical with a drawer. */
export const effectiveLayout = (prefs: LayoutPrefs, viewportWidth: number): EffectiveLayout => {
  const isOverlay = isOverlayWidth(viewportWidth);
  const base = {
    footerType: prefs.footerType,
    contentWidth: prefs.contentWidth,
    navbarType: prefs.navbarType,
  };
  // The overlay drawer opens from the navbar, so a narrow screen keeps it.
  if (isOverlay) {
    return { ...base, nav: "vertical", isCollapsed: false, isOverlay: true, navbarType: "sticky" };
  }
  if (prefs.navLayout === "horizontal") {
    return {
      ...base,
      nav: "horizontal",
      isCollapsed: false,
      isOverlay: false,
      navbarType: "sticky",
    };
  }
  const isCollapsed = prefs.navLayout === "collapsed" || prefs.navCollapsed;
  return { ...base, nav: "vertical", isCollapsed, isOverlay: false };
};

/**
 * Choosing a navigation layout: horizontal forces a hidden navbar to sticky (the menu lives in
 * it) and expands the navigation; "collapsed" is the vertical sider folded to icons.
 */
export const withNavLayout = <P extends LayoutPrefs>(prefs: P, navLayout: P["navLayout"]): P => {
  if (navLayout === "horizontal") {
    return {
      ...prefs,
      navLayout,
      navCollapsed: false,
      navbarType: prefs.navbarType === "hidden" ? "sticky" : prefs.navbarType,
    };
  }
  return { ...prefs, navLayout, navCollapsed: navLayout === "collapsed" };
};

/** A navbar hidden under horizontal navigation would take the menu with it: it stays sticky. */
export const withNavbarType = <P extends LayoutPrefs>(
  prefs: P,
  navbarType: P["navbarType"],
): P => ({ ...prefs, navbarType: prefs.navLayout === "horizontal" ? "sticky" : navbarType });

/** The navbar's fold button: flips between the vertical and the collapsed layout. */
export const withToggledCollapse = <P extends LayoutPrefs>(prefs: P): P => {
  if (prefs.navLayout === "horizontal") return prefs;
  const collapsed = !(prefs.navLayout === "collapsed" || prefs.navCollapsed);
  return { ...prefs, navCollapsed: collapsed, navLayout: collapsed ? "collapsed" : "vertical" };
};

/** "system" follows the operating system; the others are fixed. */
export const resolveColorScheme = (
  theme: Preferences["theme"],
  prefersDark: boolean,
): "light" | "dark" => (theme === "system" ? (prefersDark ? "dark" : "light") : theme);

/** Text direction: the RTL switch wins over the language's own direction. */
export const resolveDirection = (isRtl: boolean, languageDir: "ltr" | "rtl"): "ltr" | "rtl" =>
  isRtl ? "rtl" : languageDir;

/**
 * Keep-alive pages (route meta.keepAlive), most recent last. Past `max` the least recently
 * shown one is dropped, so a long session does not keep every visited tab in memory.
 */
export const rememberPage = (keys: readonly string[], key: string, max = 8): string[] => {
  const next = [...keys.filter((k) => k !== key), key];
  return next.length > max ? next.slice(next.length - max) : next;
};
