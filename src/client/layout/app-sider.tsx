import { Layout } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";

import { AppLogo } from "./app-logo";
import { NavMenu } from "./nav-menu";

const NavDrawer = lazy(() => import("./nav-drawer").then((m) => ({ default: m.NavDrawer })));

const SIDER_WIDTH = 220;

type AppSiderProps = {
  isOverlay: boolean;
  isCollapsed: boolean;
  isDrawerOpen: boolean;
  onCloseDrawer: () => void;
};

/** Fixed sider on large screens; an overlay drawer below the large breakpoint. */
export const AppSider = ({
  isOverlay,
  isCollapsed,
  isDrawerOpen,
  onCloseDrawer,
}: AppSiderProps) => {
  const { t } = useTranslation();

  if (isOverlay) {
    return (
      <Suspense fallback={null}>
        <NavDrawer isOpen={isDrawerOpen} width={SIDER_WIDTH + 36} onClose={onCloseDrawer} />
      </Suspense>
    );
  }

  return (
    <Layout.Sider
      className="app-sider"
      width={SIDER_WIDTH}
      collapsedWidth={64}
      collapsed={isCollapsed}
      trigger={null}
    >
      <div className="app-sider-logo">
        <AppLogo isCollapsed={isCollapsed} />
      </div>
      <nav aria-label={t("layout.navigation")}>
        <NavMenu isCollapsed={isCollapsed} />
      </nav>
    </Layout.Sider>
  );
};
