import { Alert, Badge, Input, Tabs } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import type { Definition, JsonSchema } from "../../../../shared/workflow";
import { WorkflowForm } from "../workflow-form";
import { FieldBuilder } from "./field-builder";

type Props = {
  def: Definition;
  onChange: (def: Definition) => void;
  /** Problems of single fields, by key, and of the form as a whole. */
  errorsByField: Map<string, string[]>;
  formErrors: string[];
};

/** The advanced view: the form's JSON schema as text, applied whenever it parses. */
const JsonView = ({
  form,
  onChange,
}: {
  form: JsonSchema;
  onChange: (form: JsonSchema) => void;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(form, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  // The builder's edits show up here; text that already means this form keeps its layout.
  useEffect(() => {
    let isSame = false;
    try {
      isSame = JSON.stringify(JSON.parse(textRef.current)) === JSON.stringify(form);
    } catch {
      // broken text: replaced by the form as it is now
    }
    if (isSame) return;
    setText(JSON.stringify(form, null, 2));
    setProblem(null);
  }, [form]);
  const edit = (next: string) => {
    setText(next);
    try {
      const parsed = JSON.parse(next) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("object");
      setProblem(null);
      onChange(parsed as JsonSchema);
    } catch {
      setProblem(t("workflow.designer.jsonInvalid"));
    }
  };
  return (
    <>
      <Input.TextArea
        aria-label={t("workflow.designer.formJson")}
        value={text}
        onChange={(e) => edit(e.target.value)}
        autoSize={{ minRows: 18, maxRows: 36 }}
        className="wf-code"
        spellCheck={false}
      />
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} /> : null}
    </>
  );
};

/**
 * The definition's form: built field by field, or written as JSON Schema (advanced); both edit
 * the same schema. A live preview shows how the approval form will look.
 */
export const FormTab = ({ def, onChange, errorsByField, formErrors }: Props) => {
  const { t } = useTranslation();
  const [sample, setSample] = useState<Record<string, unknown>>({});
  const keys = Object.keys(def.form.properties ?? {});
  const fieldErrorCount = [...errorsByField.values()].reduce((n, list) => n + list.length, 0);
  return (
    <div className="wf-form-tab">
      <div>
        {formErrors.map((m) => (
          <Alert key={m} type="error" showIcon message={m} style={{ marginBottom: 8 }} />
        ))}
        <Tabs
          size="small"
          items={[
            {
              key: "builder",
              label: (
                <Badge count={fieldErrorCount} size="small" offset={[8, 0]}>
                  {t("workflow.builder.title")}
                </Badge>
              ),
              children: (
                <FieldBuilder def={def} onChange={onChange} errorsByField={errorsByField} />
              ),
            },
            {
              key: "json",
              label: t("workflow.builder.advanced"),
              children: (
                <JsonView form={def.form} onChange={(form) => onChange({ ...def, form })} />
              ),
            },
          ]}
        />
      </div>
      <div>
        <h4>{t("workflow.designer.preview")}</h4>
        <WorkflowForm
          schema={def.form}
          perms={Object.fromEntries(keys.map((k) => [k, "edit"]))}
          value={sample}
          onChange={setSample}
          editable={keys}
        />
      </div>
    </div>
  );
};
