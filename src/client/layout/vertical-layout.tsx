import { Layout } from "antd";
import { Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router";

import { AppFooter } from "./app-footer";
import { AppSider } from "./app-sider";
import { PageErrorBoundary } from "./error-boundary";
import "./layout.css";
import { Navbar } from "./navbar";
import { PageLoader } from "./page-loader";
import { readPreference, writePreference } from "./preference-cookie";
import { ScrollToTop } from "./scroll-to-top";
import { OVERLAY_NAV_QUERY, useMediaQuery } from "./use-media-query";

const COLLAPSED_COOKIE = "isVerticalNavCollapsed";

/** Default layout: vertical navigation, sticky navbar, boxed content, static footer. */
export const VerticalLayout = () => {
  const { pathname } = useLocation();
  const isOverlayNav = useMediaQuery(OVERLAY_NAV_QUERY);
  const [isCollapsed, setCollapsed] = useState(() => readPreference(COLLAPSED_COOKIE) === "true");
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  const onToggleNav = () => {
    if (isOverlayNav) {
      setDrawerOpen(true);
      return;
    }
    setCollapsed((value) => {
      writePreference(COLLAPSED_COOKIE, String(!value));
      return !value;
    });
  };

  return (
    <Layout className="app-layout" hasSider={!isOverlayNav}>
      <AppSider
        isOverlayNav={isOverlayNav}
        isCollapsed={isCollapsed}
        isDrawerOpen={isDrawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <Layout className="app-main">
        <Navbar isOverlayNav={isOverlayNav} isCollapsed={isCollapsed} onToggleNav={onToggleNav} />
        <Layout.Content className="app-content">
          <div className="app-content-boxed">
            <PageErrorBoundary key={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </div>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <ScrollToTop />
    </Layout>
  );
};
