import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { IconButtonProps } from "@rjsf/utils";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * rjsf's array buttons with names a screen reader reads in the user's language (antd's theme
 * gives the icon's own name, "plus-circle"); "add" also says it in words.
 */
const iconButton = (key: string, icon: ReactNode, danger = false) =>
  function ArrayButton({ onClick, disabled, id, className }: IconButtonProps) {
    const { t } = useTranslation();
    return (
      <Button id={id} className={className} size="small" danger={danger} icon={icon} aria-label={t(key)} title={t(key)} disabled={disabled} onClick={onClick} />
    );
  };

const AddButton = ({ onClick, disabled, id, className }: IconButtonProps) => {
  const { t } = useTranslation();
  return (
    <Button id={id} className={className} type="dashed" block icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
      {t("schemaUi.array.add")}
    </Button>
  );
};

export const FORM_BUTTONS = {
  AddButton,
  RemoveButton: iconButton("schemaUi.array.remove", <DeleteOutlined />, true),
  MoveUpButton: iconButton("schemaUi.array.moveUp", <ArrowUpOutlined />),
  MoveDownButton: iconButton("schemaUi.array.moveDown", <ArrowDownOutlined />),
  CopyButton: iconButton("schemaUi.array.copy", <CopyOutlined />),
};
