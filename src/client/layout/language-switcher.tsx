import { GlobalOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";

import { LANGUAGES } from "../../shared/i18n-config";
import { changeLanguage, getLanguage } from "../providers/i18n";
import { saveLanguagePreference } from "./preferences-store";

/** Language labels come from the shared list; choosing one stores it and reloads. */
export const LanguageSwitcher = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t } = useTranslation();
  const current = getLanguage();
  const label = LANGUAGES.find((l) => l.code === current)?.label ?? current;

  const onChoose = async (key: string) => {
    if (key === current) return;
    const language = LANGUAGES.find((l) => l.code === key)?.code;
    if (!language) return;
    await saveLanguagePreference(language);
    await changeLanguage(language);
  };

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label, lang: l.code })),
        onClick: ({ key }) => void onChoose(key),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t("layout.languageCurrent", { language: label })}
      >
        {isCompact ? null : label}
      </Button>
    </Dropdown>
  );
};
