import { useSyncExternalStore } from "react";

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

/** Navigation becomes an overlay below the large breakpoint (1280 px). */
export const OVERLAY_NAV_QUERY = "(max-width: 1279.98px)";
/** Small phones: names and labels in the navbar collapse to icons. */
export const SMALL_SCREEN_QUERY = "(max-width: 599.98px)";
