import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { AppLogo } from "./app-logo";
import { GlobalSearch } from "./global-search";
import { LanguageSwitcher } from "./language-switcher";
import { useNavbarSlot } from "./navbar-slot";
import { Shortcuts } from "./shortcuts";
import { ThemeSwitcher } from "./theme-switcher";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "./use-media-query";
import { UserDropdown } from "./user-dropdown";

type NavbarProps = {
  nav: "vertical" | "horizontal";
  isOverlay: boolean;
  isCollapsed: boolean;
  onToggleNav: () => void;
  /** The horizontal layout puts its menu in a second row of the same sticky header. */
  below?: ReactNode;
};

/** The top bar: search, shortcuts, theme, language, notifications and the user menu. */
export const Navbar = ({ nav, isOverlay, isCollapsed, onToggleNav, below }: NavbarProps) => {
  const { t } = useTranslation();
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY);
  const slot = useNavbarSlot();
  const toggleIcon = isOverlay ? (
    <MenuOutlined />
  ) : isCollapsed ? (
    <MenuUnfoldOutlined />
  ) : (
    <MenuFoldOutlined />
  );

  return (
    <header className="app-navbar">
      <div className="app-navbar-row">
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          {nav === "vertical" ? (
            <Button
              type="text"
              icon={toggleIcon}
              onClick={onToggleNav}
              aria-label={t(isOverlay ? "layout.openNav" : "layout.toggleNav")}
              aria-expanded={isOverlay ? undefined : !isCollapsed}
            />
          ) : null}
          {isOverlay || nav === "horizontal" ? <AppLogo isCollapsed={isSmall} /> : null}
          <GlobalSearch isCompact={isSmall || nav === "horizontal"} />
        </Flex>
        <Flex align="center" gap={2}>
          <LanguageSwitcher isCompact={isSmall} />
          <ThemeSwitcher />
          <Shortcuts />
          {slot}
          <UserDropdown isCompact={isSmall} />
        </Flex>
      </div>
      {below}
    </header>
  );
};
