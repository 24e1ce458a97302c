import type { WidgetProps } from "@rjsf/utils";
import { Cascader, Radio, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";

import { AttachmentsWidget } from "./attachments-widget";
import { useRemoteChoices } from "./remote-choices";
import type { Choice } from "./use-options";

const choicesOf = (props: WidgetProps) => (props.options.choices ?? []) as Choice[];

/** Selects filled from the server or the schema's items; radios when x-ui asks for them. */
const ChoiceWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  const remote = useRemoteChoices(
    props.options.remote as string | undefined,
    choicesOf(props),
    props.value,
  );
  const choices = remote.choices;
  const clear = (v: unknown) =>
    props.onChange(
      v === undefined || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v,
    );
  if (props.options.isRadio) {
    return (
      <Radio.Group
        id={props.id}
        value={props.value}
        disabled={props.disabled || props.readonly}
        options={choices}
        onChange={(e) => clear(e.target.value)}
      />
    );
  }
  return (
    <Select
      id={props.id}
      value={props.value}
      mode={props.options.isMultiple ? "multiple" : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      // Server answers are already filtered by what was typed.
      filterOption={remote.isRemote ? false : undefined}
      onSearch={remote.onSearch}
      placeholder={props.placeholder || t("schemaUi.filters.select")}
      disabled={props.disabled || props.readonly}
      options={choices.filter((c) => !c.disabled || c.value === props.value)}
      onChange={clear}
      aria-label={props.label}
    />
  );
};

const TreeWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  return (
    <TreeSelect
      id={props.id}
      value={props.value}
      treeData={choicesOf(props)}
      allowClear
      treeDefaultExpandAll
      placeholder={props.placeholder || t("schemaUi.filters.select")}
      disabled={props.disabled || props.readonly}
      onChange={(v: unknown) => props.onChange(v ?? undefined)}
    />
  );
};

const CascaderWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  return (
    <Cascader
      id={props.id}
      value={props.value}
      options={choicesOf(props)}
      changeOnSelect
      placeholder={props.placeholder || t("schemaUi.filters.select")}
      disabled={props.disabled || props.readonly}
      onChange={(v) => props.onChange(v && v.length ? v : undefined)}
    />
  );
};

export const FORM_WIDGETS = {
  choice: ChoiceWidget,
  tree: TreeWidget,
  cascader: CascaderWidget,
  attachments: AttachmentsWidget,
};
