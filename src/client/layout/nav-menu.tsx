import { Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { appRoutes } from "../routes";
import type { AppRoute } from "../routing/route-types";
import type { CanFn } from "../routing/route-guard";
import { isLeafAllowed, joinPath } from "../routing/route-tree";
import { useCan } from "../routing/use-can";
import { useCurrentLeaf } from "../routing/use-current-leaf";

type MenuItem = Required<MenuProps>["items"][number];
type Translate = (key: string) => string;

/** Menu items from the route table; a group shows only when one of its entries is allowed. */
const buildItems = (
  routes: readonly AppRoute[],
  can: CanFn,
  t: Translate,
  parentPath = "/",
  parents: AppRoute[] = [],
): MenuItem[] =>
  routes.flatMap((route): MenuItem[] => {
    if (!route.menu) return [];
    const fullPath = joinPath(parentPath, route.path);
    const chain = [...parents, route];
    const label = t(route.menu.label ?? route.meta.title ?? "");
    if (route.children?.length) {
      const children = buildItems(route.children, can, t, fullPath, chain);
      if (!children.length) return [];
      return [{ key: fullPath, icon: route.menu.icon, label, children }];
    }
    if (!isLeafAllowed({ route, fullPath, chain }, can)) return [];
    return [{ key: fullPath, icon: route.menu.icon, label: <Link to={fullPath}>{label}</Link> }];
  });

const parentKeys = (path: string) => {
  const segments = path.split("/").filter(Boolean);
  return segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join("/")}`);
};

export const NavMenu = ({
  isCollapsed = false,
  onNavigate,
}: {
  isCollapsed?: boolean;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const leaf = useCurrentLeaf();
  const items = useMemo(() => buildItems(appRoutes, can, t), [can, t]);
  // Detail pages light up the list they belong to (meta.navActiveLink).
  const activeKey = leaf?.route.meta.navActiveLink ?? leaf?.fullPath ?? "";
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(activeKey));

  // Opening a page (also by URL or a redirect) unfolds the group it belongs to.
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...parentKeys(activeKey)])]);
  }, [activeKey]);

  return (
    <Menu
      mode="inline"
      className="nav-menu"
      items={items}
      selectedKeys={[activeKey]}
      {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      inlineCollapsed={isCollapsed}
      onClick={onNavigate}
    />
  );
};
