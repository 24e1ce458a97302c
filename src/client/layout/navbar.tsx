import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Flex, Layout } from "antd";
import { useTranslation } from "react-i18next";

import { AppLogo } from "./app-logo";
import { LanguageSwitcher } from "./language-switcher";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "./use-media-query";
import { UserDropdown } from "./user-dropdown";

type NavbarProps = {
  isOverlayNav: boolean;
  isCollapsed: boolean;
  onToggleNav: () => void;
};

/** Sticky, blurred top bar (SPEC §2 defaults). Notifications, search and shortcuts join later. */
export const Navbar = ({ isOverlayNav, isCollapsed, onToggleNav }: NavbarProps) => {
  const { t } = useTranslation();
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY);
  const toggleIcon = isOverlayNav ? (
    <MenuOutlined />
  ) : isCollapsed ? (
    <MenuUnfoldOutlined />
  ) : (
    <MenuFoldOutlined />
  );

  return (
    <Layout.Header className="app-navbar">
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button
          type="text"
          icon={toggleIcon}
          onClick={onToggleNav}
          aria-label={t(isOverlayNav ? "layout.openNav" : "layout.toggleNav")}
        />
        {isOverlayNav ? <AppLogo isCollapsed={isSmall} /> : null}
      </Flex>
      <Flex align="center" gap={4}>
        <LanguageSwitcher isCompact={isSmall} />
        <UserDropdown isCompact={isSmall} />
      </Flex>
    </Layout.Header>
  );
};
