import { Alert, Input } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { Definition, JsonSchema } from "../../../../shared/workflow";
import { WorkflowForm } from "../workflow-form";

/** The form of the definition as JSON Schema, with a live preview of how @rjsf/antd renders it. */
export const FormTab = ({ def, onChange }: { def: Definition; onChange: (form: JsonSchema) => void }) => {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(def.form, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const [sample, setSample] = useState<Record<string, unknown>>({});
  useEffect(() => setText(JSON.stringify(def.form, null, 2)), [def.form]);
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
  const keys = Object.keys(def.form.properties ?? {});
  return (
    <div className="wf-form-tab">
      <div>
        <Input.TextArea aria-label={t("workflow.designer.formJson")} value={text} onChange={(e) => edit(e.target.value)} autoSize={{ minRows: 18, maxRows: 36 }} className="wf-code" spellCheck={false} />
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} /> : null}
      </div>
      <div>
        <h4>{t("workflow.designer.preview")}</h4>
        <WorkflowForm schema={def.form} perms={Object.fromEntries(keys.map((k) => [k, "edit"]))} value={sample} onChange={setSample} editable={keys} />
      </div>
    </div>
  );
};
