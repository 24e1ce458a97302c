import { Layout } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

import { AppFooter } from "./app-footer";
import { AppSider } from "./app-sider";
import { KeepAliveOutlet } from "./keep-alive-outlet";
import "./layout.css";
import { withToggledCollapse } from "./layout-state";
import { Navbar } from "./navbar";
import { NavMenu } from "./nav-menu";
import {
  getPreferences,
  setPreferences,
  syncServerPreferences,
  usePreferences,
} from "./preferences-store";
import { ScrollToTop } from "./scroll-to-top";
import { useLayout } from "./use-layout";

let serverPreferencesLoaded = false;

/**
 * The signed-in frame: vertical or horizontal navigation, sticky or hidden navbar,
 * static, sticky or hidden footer, boxed or fluid content. `force` is a route's own layout.
 */
export const DefaultLayout = ({ force }: { force?: "vertical" | "horizontal" }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const layout = useLayout(force);
  const { navbarBlur } = usePreferences();
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (serverPreferencesLoaded) return;
    serverPreferencesLoaded = true;
    void syncServerPreferences();
  }, []);

  // The overlay closes when a page opens.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const onToggleNav = () => {
    if (layout.isOverlay) setDrawerOpen(true);
    else setPreferences(withToggledCollapse(getPreferences()));
  };

  const classes = [
    "app-layout",
    `nav-${layout.nav}`,
    `navbar-${layout.navbarType}`,
    `footer-${layout.footerType}`,
    navbarBlur ? "navbar-blur" : "",
  ];
  const isVertical = layout.nav === "vertical";

  return (
    <Layout
      className={classes.filter(Boolean).join(" ")}
      hasSider={isVertical && !layout.isOverlay}
    >
      {isVertical ? (
        <AppSider
          isOverlay={layout.isOverlay}
          isCollapsed={layout.isCollapsed}
          isDrawerOpen={isDrawerOpen}
          onCloseDrawer={() => setDrawerOpen(false)}
        />
      ) : null}
      <Layout className="app-main">
        {layout.navbarType === "hidden" ? null : (
          <Navbar
            nav={layout.nav}
            isOverlay={layout.isOverlay}
            isCollapsed={layout.isCollapsed}
            onToggleNav={onToggleNav}
            below={
              isVertical ? null : (
                <nav className="app-horizontal-nav" aria-label={t("layout.navigation")}>
                  <div
                    className={layout.contentWidth === "boxed" ? "app-content-boxed" : undefined}
                  >
                    <NavMenu mode="horizontal" />
                  </div>
                </nav>
              )
            }
          />
        )}
        <Layout.Content className="app-content">
          <div
            className={layout.contentWidth === "boxed" ? "app-content-boxed" : "app-content-fluid"}
          >
            <KeepAliveOutlet />
          </div>
        </Layout.Content>
        {layout.footerType === "hidden" ? null : <AppFooter />}
      </Layout>
      <ScrollToTop />
    </Layout>
  );
};
