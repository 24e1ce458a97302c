import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import { englishStringTranslator, type IconButtonProps, TranslatableString } from "@rjsf/utils";
import { Button } from "antd";
import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * rjsf's array buttons with names a screen reader reads in the user's language (antd's theme
 * gives the icon's own name, "plus-circle"); "add" also says it in words.
 */
const iconButton = (key: string, icon: ReactNode, danger = false) =>
  function ArrayButton({ onClick, disabled, id, className }: IconButtonProps) {
    const { t } = useTranslation();
    return (
      <Button
        id={id}
        className={className}
        size="small"
        danger={danger}
        icon={icon}
        aria-label={t(key)}
        title={t(key)}
        disabled={disabled}
        onClick={onClick}
      />
    );
  };

const AddButton = ({ onClick, disabled, id, className }: IconButtonProps) => {
  const { t } = useTranslation();
  return (
    <Button
      id={id}
      className={className}
      type="dashed"
      block
      icon={<PlusOutlined />}
      disabled={disabled}
      onClick={onClick}
    >
      {t("schemaUi.array.add")}
    </Button>
  );
};

/** The button templates of every rjsf form of the app (`templates={{ ButtonTemplates: … }}`). */
export const FORM_BUTTON_TEMPLATES = {
  AddButton,
  RemoveButton: iconButton("schemaUi.array.remove", <DeleteOutlined />, true),
  MoveUpButton: iconButton("schemaUi.array.moveUp", <ArrowUpOutlined />),
  MoveDownButton: iconButton("schemaUi.array.moveDown", <ArrowDownOutlined />),
  CopyButton: iconButton("schemaUi.array.copy", <CopyOutlined />),
};

/** rjsf's own words (the array buttons' names and the item titles) in the user's language. */
const RJSF_WORDS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: "schemaUi.array.add",
  [TranslatableString.AddItemButton]: "schemaUi.array.add",
  [TranslatableString.RemoveButton]: "schemaUi.array.remove",
  [TranslatableString.MoveUpButton]: "schemaUi.array.moveUp",
  [TranslatableString.MoveDownButton]: "schemaUi.array.moveDown",
  [TranslatableString.CopyButton]: "schemaUi.array.copy",
  [TranslatableString.ClearButton]: "schemaUi.array.clear",
};

/** rjsf's `translateString`: its words in the user's language, the rest as rjsf says them. */
export const useFormStrings = () => {
  const { t } = useTranslation();
  return useCallback(
    (word: TranslatableString, params?: string[]) =>
      RJSF_WORDS[word] ? t(RJSF_WORDS[word]) : englishStringTranslator(word, params),
    [t],
  );
};
