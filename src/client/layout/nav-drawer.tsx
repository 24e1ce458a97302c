import { Drawer } from "antd";
import { useTranslation } from "react-i18next";

import { AppLogo } from "./app-logo";
import { NavMenu } from "./nav-menu";

type NavDrawerProps = { isOpen: boolean; width: number; onClose: () => void };

/** The overlay navigation below the large breakpoint; loaded only on narrow screens. */
export const NavDrawer = ({ isOpen, width, onClose }: NavDrawerProps) => {
  const { t } = useTranslation();
  return (
    <Drawer
      placement="left"
      open={isOpen}
      onClose={onClose}
      width={width}
      closable={false}
      styles={{ body: { padding: 0 }, header: { padding: "12px 18px" } }}
      className="app-nav-drawer"
      title={<AppLogo />}
    >
      <nav aria-label={t("layout.navigation")}>
        <NavMenu onNavigate={onClose} />
      </nav>
    </Drawer>
  );
};
