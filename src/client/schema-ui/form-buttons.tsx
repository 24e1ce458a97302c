import { Templates } from "@rjsf/antd";
import { englishStringTranslator, type IconButtonProps, TranslatableString } from "@rjsf/utils";
import { type ComponentType, useCallback } from "react";
import { useTranslation } from "react-i18next";

type ButtonName = "AddButton" | "CopyButton" | "MoveDownButton" | "MoveUpButton" | "RemoveButton" | "ClearButton";
type IconButton = ComponentType<IconButtonProps>;

const BUTTON_KEYS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: "schemaUi.formButtons.add",
  [TranslatableString.AddItemButton]: "schemaUi.formButtons.addItem",
  [TranslatableString.CopyButton]: "schemaUi.formButtons.copy",
  [TranslatableString.MoveUpButton]: "schemaUi.formButtons.moveUp",
  [TranslatableString.MoveDownButton]: "schemaUi.formButtons.moveDown",
  [TranslatableString.RemoveButton]: "schemaUi.formButtons.remove",
  [TranslatableString.ClearButton]: "schemaUi.formButtons.clear",
};

/** rjsf's `translateString`: its button titles in the user's language, the rest as rjsf says. */
export const useFormStrings = () => {
  const { t } = useTranslation();
  return useCallback(
    (text: TranslatableString, params?: string[]) => {
      const key = BUTTON_KEYS[text];
      return key ? t(key) : englishStringTranslator(text, params);
    },
    [t],
  );
};

const antdButtons = Templates.ButtonTemplates as Record<ButtonName, IconButton>;
/**
 * rjsf's antd icon buttons (add, remove, move an array item) name themselves with a `title`,
 * which loses to their icon's English `aria-label` ("plus-circle"); the same text as
 * `aria-label` names them in the user's language.
 */
const withTitle = (name: ButtonName, title: TranslatableString): IconButton => {
  const Button = antdButtons[name];
  const Labelled = (props: IconButtonProps) => {
    const label = props.title ?? props.registry.translateString(title);
    return <Button {...props} title={label} aria-label={label} />;
  };
  return Labelled;
};

/** The button templates for every rjsf form of the app. */
export const FORM_BUTTON_TEMPLATES = {
  AddButton: withTitle("AddButton", TranslatableString.AddItemButton),
  CopyButton: withTitle("CopyButton", TranslatableString.CopyButton),
  MoveDownButton: withTitle("MoveDownButton", TranslatableString.MoveDownButton),
  MoveUpButton: withTitle("MoveUpButton", TranslatableString.MoveUpButton),
  RemoveButton: withTitle("RemoveButton", TranslatableString.RemoveButton),
  ClearButton: withTitle("ClearButton", TranslatableString.ClearButton),
};
