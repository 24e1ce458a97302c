import { type ReactNode, Suspense, useRef } from "react";
import {
  type Location,
  NavigationType,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useOutlet,
} from "react-router";

import { useCurrentLeaf } from "../routing/use-current-leaf";
import { PageErrorBoundary } from "./error-boundary";
import { rememberPage } from "./layout-state";
import { PageLoader } from "./page-loader";

type Kept = {
  element: ReactNode;
  /** The page's own location while hidden, so it never reacts to another page's URL. */
  frozen: { location: Location; navigationType: NavigationType };
};

const Page = ({ children }: { children: ReactNode }) => (
  <PageErrorBoundary>
    <Suspense fallback={<PageLoader />}>{children}</Suspense>
  </PageErrorBoundary>
);

/**
 * The layout's outlet. Routes with meta.keepAlive (the approval centre's tabs) stay mounted,
 * hidden, when the user moves to another tab or page, so their filters, pages and scroll come
 * back as they were; everything else mounts fresh per path.
 */
export const KeepAliveOutlet = () => {
  const location = useLocation();
  const outlet = useOutlet();
  const leaf = useCurrentLeaf();
  const cache = useRef(new Map<string, Kept>());
  const order = useRef<string[]>([]);
  const key = location.pathname;
  const isKept = Boolean(leaf?.route.meta.keepAlive);

  if (isKept && outlet) {
    const previous = cache.current.get(key);
    cache.current.set(key, {
      element: previous?.element ?? outlet,
      frozen: { location, navigationType: NavigationType.Pop },
    });
    order.current = rememberPage(order.current, key);
    for (const stale of [...cache.current.keys()]) {
      if (!order.current.includes(stale)) cache.current.delete(stale);
    }
  }

  return (
    <>
      {[...cache.current.entries()].map(([path, kept]) => (
        <div key={path} hidden={path !== key} className="keep-alive-page" data-keep-alive={path}>
          <LocationContext.Provider value={kept.frozen}>
            <Page>{kept.element}</Page>
          </LocationContext.Provider>
        </div>
      ))}
      {isKept ? null : <Page key={key}>{outlet}</Page>}
    </>
  );
};
