import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";

import { PageErrorBoundary } from "./error-boundary";
import "./layout.css";
import { FullPageLoader } from "./page-loader";

/** Public pages (login handoff, errors): no navigation, just the page. */
export const BlankLayout = () => {
  const { pathname } = useLocation();
  return (
    <div className="blank-layout">
      <PageErrorBoundary key={pathname}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </div>
  );
};
