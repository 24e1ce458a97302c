import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import { Button, Checkbox, Dropdown, Empty, Input, Popconfirm, Select, Space, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import {
  addField,
  BUILDER_TYPES,
  type BuilderField,
  type BuilderType,
  builderFields,
  type Definition,
  type FieldKind,
  keyProblem,
  moveField,
  removeField,
  renameField,
  renameFieldRefs,
  setFieldKind,
  setFieldLabel,
  setFieldMultiple,
  setFieldOptions,
  setFieldOptionsEn,
  setFieldRequired,
} from "../../../../shared/workflow";

type Props = {
  def: Definition;
  onChange: (def: Definition) => void;
  /** Messages per field key (the validator's, and those only the server found at publish). */
  errorsByField: Map<string, string[]>;
};

/** The key is edited as text and applied on Enter or blur, once it is valid and free. */
const KeyInput = ({
  def,
  field,
  index,
  onRename,
}: {
  def: Definition;
  field: BuilderField;
  index: number;
  onRename: (key: string) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(field.key);
  useEffect(() => setDraft(field.key), [field.key]);
  const problem = keyProblem(def.form, field.key, draft);
  const commit = () => {
    if (draft === field.key) return;
    if (problem) setDraft(field.key);
    else onRename(draft);
  };
  return (
    <Tooltip
      open={problem ? undefined : false}
      title={problem ? t(`workflow.builder.keyProblems.${problem}`) : ""}
    >
      <Input
        className="wf-field-key"
        aria-label={t("workflow.builder.keyOf", { n: index + 1 })}
        value={draft}
        status={problem ? "error" : undefined}
        maxLength={64}
        onChange={(e) => setDraft(e.target.value.trim())}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Tooltip>
  );
};

/**
 * The options' English labels, one line per option in the options' order (the option itself
 * shows as the placeholder); an empty line falls back to the option as typed.
 */
const OptionsEnInput = ({
  field,
  index,
  onChange,
}: {
  field: BuilderField;
  index: number;
  onChange: (english: string[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Space.Compact
      className="wf-field-options-en"
      aria-label={t("workflowI18n.optionsEnOf", { n: index + 1 })}
      role="group"
    >
      {field.options.map((o, k) => (
        <Input
          key={o}
          style={{ width: 120 }}
          aria-label={t("workflowI18n.optionEnOf", { option: o })}
          placeholder={o}
          maxLength={50}
          value={field.optionsEn[k]}
          onChange={(e) =>
            onChange(field.options.map((_, j) => (j === k ? e.target.value : field.optionsEn[j])))
          }
        />
      ))}
    </Space.Compact>
  );
};

/**
 * The form tab's field builder: fields in order (drag by the handle, or move up and down), each
 * with its key, labels in both languages, type, required flag and options. Every edit rewrites
 * the form's JSON schema, so the JSON view and the preview always show the same form.
 */
export const FieldBuilder = ({ def, onChange, errorsByField }: Props) => {
  const { t, i18n } = useTranslation();
  const fields = builderFields(def.form);
  const [armed, setArmed] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const setForm = (form: Definition["form"], refs?: (d: Definition) => Definition) => {
    const next = { ...def, form };
    onChange(refs ? refs(next) : next);
  };
  const typeName = (kind: string) => t(`workflow.fieldTypes.${kind}`);

  const add = (kind: BuilderType) => {
    // The new field is named after its type, in the language the designer is used in.
    const name = typeName(kind);
    const label = i18n.language === "en" ? { "zh-CN": "", en: name } : { "zh-CN": name, en: "" };
    setForm(addField(def.form, kind, label).form);
  };
  const move = (from: number, to: number) => setForm(moveField(def.form, from, to));
  const endDrag = () => {
    setArmed(null);
    setDragFrom(null);
    setDragOver(null);
  };

  const addButton = (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: BUILDER_TYPES.map((k) => ({ key: k, label: typeName(k) })),
        onClick: ({ key }) => add(key as BuilderType),
      }}
    >
      <Button type="dashed" icon={<PlusOutlined />} block>
        {t("workflow.builder.add")}
      </Button>
    </Dropdown>
  );

  return (
    <div className="wf-builder">
      {fields.length === 0 ? <Empty description={t("workflow.builder.empty")} /> : null}
      <ol className="wf-field-list" aria-label={t("workflow.builder.fields")}>
        {fields.map((f, i) => {
          const errors = errorsByField.get(f.key) ?? [];
          const isCustom = f.kind === "custom";
          return (
            <li
              key={f.key}
              className={`wf-field${errors.length ? " wf-field-error" : ""}${dragOver === i && dragFrom !== i ? " wf-field-over" : ""}`}
              aria-label={f.label["zh-CN"] || f.label.en || f.key}
              draggable={armed === i}
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", f.key);
              }}
              onDragOver={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                setDragOver(i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragFrom !== null) move(dragFrom, i);
                endDrag();
              }}
              onDragEnd={endDrag}
            >
              <div className="wf-field-row">
                <span
                  className="wf-field-handle"
                  role="button"
                  tabIndex={-1}
                  aria-label={t("workflow.builder.dragOf", { n: i + 1 })}
                  onMouseDown={() => setArmed(i)}
                  onMouseUp={() => dragFrom === null && setArmed(null)}
                >
                  <HolderOutlined />
                </span>
                <span className="wf-field-no">{i + 1}</span>
                <KeyInput
                  def={def}
                  field={f}
                  index={i}
                  onRename={(key) =>
                    setForm(renameField(def.form, f.key, key), (d) =>
                      renameFieldRefs(d, f.key, key),
                    )
                  }
                />
                <Input
                  aria-label={t("workflow.builder.labelZhOf", { n: i + 1 })}
                  placeholder={t("workflow.builder.labelZh")}
                  value={f.label["zh-CN"]}
                  maxLength={50}
                  onChange={(e) =>
                    setForm(setFieldLabel(def.form, f.key, { ...f.label, "zh-CN": e.target.value }))
                  }
                />
                <Input
                  aria-label={t("workflow.builder.labelEnOf", { n: i + 1 })}
                  placeholder={t("workflow.builder.labelEn")}
                  value={f.label.en}
                  maxLength={50}
                  onChange={(e) =>
                    setForm(setFieldLabel(def.form, f.key, { ...f.label, en: e.target.value }))
                  }
                />
                <Space.Compact>
                  <Tooltip title={t("workflow.builder.up")}>
                    <Button
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      aria-label={t("workflow.builder.upOf", { n: i + 1 })}
                      onClick={() => move(i, i - 1)}
                    />
                  </Tooltip>
                  <Tooltip title={t("workflow.builder.down")}>
                    <Button
                      icon={<ArrowDownOutlined />}
                      disabled={i === fields.length - 1}
                      aria-label={t("workflow.builder.downOf", { n: i + 1 })}
                      onClick={() => move(i, i + 1)}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t("workflow.builder.removeConfirm", {
                      name: f.label["zh-CN"] || f.label.en || f.key,
                    })}
                    okText={t("buttons.delete")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() =>
                      setForm(removeField(def.form, f.key), (d) => renameFieldRefs(d, f.key, null))
                    }
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t("workflow.builder.removeOf", { n: i + 1 })}
                    />
                  </Popconfirm>
                </Space.Compact>
              </div>
              <div className="wf-field-row wf-field-row2">
                <Select<FieldKind>
                  className="wf-field-type"
                  aria-label={t("workflow.builder.typeOf", { n: i + 1 })}
                  value={f.kind}
                  onChange={(kind) =>
                    kind !== "custom" && setForm(setFieldKind(def.form, f.key, kind))
                  }
                  options={[
                    ...BUILDER_TYPES.map((k) => ({ value: k, label: typeName(k) })),
                    ...(isCustom
                      ? [{ value: "custom", label: typeName("custom"), disabled: true }]
                      : []),
                  ]}
                />
                <Checkbox
                  checked={f.required}
                  onChange={(e) => setForm(setFieldRequired(def.form, f.key, e.target.checked))}
                >
                  {t("workflow.builder.required")}
                </Checkbox>
                {f.kind === "select" || f.kind === "multiSelect" ? (
                  <Select
                    className="wf-field-options"
                    mode="tags"
                    aria-label={t("workflow.builder.optionsOf", { n: i + 1 })}
                    placeholder={t("workflow.builder.optionsHint")}
                    value={f.options}
                    tokenSeparators={[",", "，"]}
                    open={false}
                    suffixIcon={null}
                    onChange={(options: string[]) =>
                      setForm(setFieldOptions(def.form, f.key, options))
                    }
                  />
                ) : null}
                {(f.kind === "select" || f.kind === "multiSelect") && f.options.length > 0 ? (
                  <OptionsEnInput
                    field={f}
                    index={i}
                    onChange={(english) => setForm(setFieldOptionsEn(def.form, f.key, english))}
                  />
                ) : null}
                {f.kind === "member" ? (
                  <Checkbox
                    checked={f.multiple}
                    onChange={(e) => setForm(setFieldMultiple(def.form, f.key, e.target.checked))}
                  >
                    {t("workflow.builder.multiple")}
                  </Checkbox>
                ) : null}
                {isCustom ? (
                  <span className="wf-muted">{t("workflow.builder.customHint")}</span>
                ) : null}
              </div>
              {errors.map((m) => (
                <div key={m} className="wf-field-message" role="alert">
                  {m}
                </div>
              ))}
            </li>
          );
        })}
      </ol>
      {addButton}
    </div>
  );
};
