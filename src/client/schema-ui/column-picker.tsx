import { ColumnHeightOutlined, SettingOutlined } from "@ant-design/icons";
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from "antd";
import type { SizeType } from "antd/es/config-provider/SizeContext";
import { useTranslation } from "react-i18next";

import { type Field, fieldLabelOf } from "./use-schema";

type Props = {
  fields: Field[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
  density: SizeType;
  onDensityChange: (size: SizeType) => void;
};

/** Column picker and density switch of a list toolbar. */
export const TableSettings = ({
  fields,
  hidden,
  onHiddenChange,
  density,
  onDensityChange,
}: Props) => {
  const { t } = useTranslation();
  const picker = (
    <Space direction="vertical">
      {fields.map((f) => (
        <Checkbox
          key={f.key}
          checked={!hidden.includes(f.key)}
          onChange={(e) =>
            onHiddenChange(
              e.target.checked ? hidden.filter((k) => k !== f.key) : [...hidden, f.key],
            )
          }
        >
          {fieldLabelOf(t, f)}
        </Checkbox>
      ))}
    </Space>
  );
  return (
    <Space>
      <Popover
        content={picker}
        trigger="click"
        placement="bottomRight"
        title={t("schemaUi.toolbar.columns")}
      >
        <Tooltip title={t("schemaUi.toolbar.columns")}>
          <Button icon={<SettingOutlined />} aria-label={t("schemaUi.toolbar.columns")} />
        </Tooltip>
      </Popover>
      <Dropdown
        trigger={["click"]}
        menu={{
          selectable: true,
          selectedKeys: [String(density)],
          items: (["large", "middle", "small"] as const).map((key) => ({
            key,
            label: t(`schemaUi.toolbar.${key}`),
          })),
          onClick: ({ key }) => onDensityChange(key as SizeType),
        }}
      >
        <Tooltip title={t("schemaUi.toolbar.density")}>
          <Button icon={<ColumnHeightOutlined />} aria-label={t("schemaUi.toolbar.density")} />
        </Tooltip>
      </Dropdown>
    </Space>
  );
};
