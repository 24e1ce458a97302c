import { useSyncExternalStore } from "react";

import { effectiveLayout, type EffectiveLayout } from "./layout-state";
import { usePreferences } from "./preferences-store";

const subscribe = (notify: () => void) => {
  window.addEventListener("resize", notify);
  return () => window.removeEventListener("resize", notify);
};

export const useViewportWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );

/** The layout that renders now; `force` is a route's own layout (vertical / horizontal). */
export const useLayout = (force?: "vertical" | "horizontal"): EffectiveLayout => {
  const prefs = usePreferences();
  const width = useViewportWidth();
  const navLayout =
    force === "horizontal"
      ? "horizontal"
      : force === "vertical" && prefs.navLayout === "horizontal"
        ? "vertical"
        : prefs.navLayout;
  return effectiveLayout({ ...prefs, navLayout }, width);
};
