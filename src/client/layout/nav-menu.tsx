import { Menu } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { useCan } from "../routing/use-can";
import { useCurrentLeaf } from "../routing/use-current-leaf";
import { buildMenuItems, parentKeys } from "./nav-items";

type NavMenuProps = {
  mode?: "inline" | "horizontal";
  isCollapsed?: boolean;
  onNavigate?: () => void;
};

/** The menu built from the route table and filtered by the user's rules. */
export const NavMenu = ({ mode = "inline", isCollapsed = false, onNavigate }: NavMenuProps) => {
  const { t } = useTranslation();
  const can = useCan();
  const leaf = useCurrentLeaf();
  const items = useMemo(() => buildMenuItems(can, t), [can, t]);
  // Detail pages light up the list they belong to (meta.navActiveLink).
  const activeKey = leaf?.route.meta.navActiveLink ?? leaf?.fullPath ?? "";
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(activeKey));

  // Opening a page (also by URL or a redirect) unfolds the group it belongs to.
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...parentKeys(activeKey)])]);
  }, [activeKey]);

  const isInline = mode === "inline";
  return (
    <Menu
      mode={mode}
      className={isInline ? "nav-menu" : "nav-menu-horizontal"}
      items={items}
      selectedKeys={[activeKey]}
      {...(isInline && !isCollapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      {...(isInline ? { inlineCollapsed: isCollapsed } : {})}
      onClick={onNavigate}
    />
  );
};
