import { DesktopOutlined, MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";

import { PREFERENCE_OPTIONS, type Preferences } from "../../shared/preferences";
import { updatePreferences, usePreferences } from "./preferences-store";

const ICONS: Record<Preferences["theme"], JSX.Element> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

/** Light, dark or system (follows the operating system live). */
export const ThemeSwitcher = () => {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [theme],
        items: PREFERENCE_OPTIONS.theme.map((value) => ({
          key: value,
          icon: ICONS[value],
          label: t(`settings.options.theme.${value}`),
        })),
        onClick: ({ key }) => updatePreferences({ theme: key as Preferences["theme"] }),
      }}
    >
      <Button
        type="text"
        icon={ICONS[theme]}
        aria-label={t("layout.themeCurrent", { theme: t(`settings.options.theme.${theme}`) })}
      />
    </Dropdown>
  );
};
