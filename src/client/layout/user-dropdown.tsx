import {
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
} from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { displayName, type LoginUser } from "../providers/session";

export const UserDropdown = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<LoginUser>();
  const { mutate: logout } = useLogout();
  const name = displayName(user);

  const items: MenuProps["items"] = [
    {
      key: "identity",
      type: "group",
      label: user?.workspace?.name ?? "",
    },
    { key: "profile", icon: <IdcardOutlined />, label: t("layout.userMenu.profile") },
    { key: "settings", icon: <SettingOutlined />, label: t("layout.userMenu.settings") },
    { key: "workspaces", icon: <SwapOutlined />, label: t("layout.userMenu.switchWorkspace") },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: t("layout.userMenu.logout"), danger: true },
  ];

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "profile") navigate("/settings/profile");
    if (key === "settings") navigate("/settings/preferences");
    if (key === "workspaces") navigate("/settings/workspaces");
    if (key === "logout") logout();
  };

  return (
    <Dropdown trigger={["click"]} menu={{ items, onClick }} placement="bottomRight">
      <Button
        type="text"
        className="user-dropdown-trigger"
        aria-label={isCompact ? t("layout.userMenu.open") : undefined}
        data-testid="user-menu"
      >
        <Avatar
          size={28}
          src={user?.avatarUrl || undefined}
          className="user-avatar"
          style={{ fontSize: 14, lineHeight: "26px" }}
        >
          {user?.name?.slice(0, 1)}
        </Avatar>
        {isCompact ? null : <span className="user-name">{name}</span>}
        {isCompact ? null : <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
};
