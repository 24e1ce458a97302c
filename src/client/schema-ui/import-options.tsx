import { Checkbox, Radio, Space } from "antd";
import { useTranslation } from "react-i18next";

export type OnDuplicate = "stop" | "update" | "skip";
export type ImportChoice = { onDuplicate: OnDuplicate; partial: boolean };

/**
 * What the import does with rows that name an existing record by a unique key (credit code, ID
 * number…) and with rows that have problems. Stop and all-or-nothing are the defaults.
 */
export const ImportOptions = ({
  value,
  onChange,
  disabled,
}: {
  value: ImportChoice;
  onChange: (v: ImportChoice) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" className="schema-import-options">
      <span id="import-duplicates-label">{t("schemaUi.import.duplicates")}</span>
      <Radio.Group
        aria-labelledby="import-duplicates-label"
        disabled={disabled}
        value={value.onDuplicate}
        onChange={(e) => onChange({ ...value, onDuplicate: e.target.value as OnDuplicate })}
        options={(["stop", "update", "skip"] as const).map((v) => ({
          value: v,
          label: t(`schemaUi.import.onDuplicate.${v}`),
        }))}
      />
      <Checkbox
        disabled={disabled}
        checked={value.partial}
        onChange={(e) => onChange({ ...value, partial: e.target.checked })}
      >
        {t("schemaUi.import.partial")}
      </Checkbox>
    </Space>
  );
};
