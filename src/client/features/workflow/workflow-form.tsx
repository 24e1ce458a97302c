import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { forwardRef, useMemo } from "react";

import type { FieldPerms, JsonSchema } from "../../../shared/workflow";
import { schemaValidator } from "../../schema-ui/validator";

/**
 * The CSP-safe checker the schema forms use: the page's Content-Security-Policy forbids the
 * code generation ajv relies on, so @rjsf/validator-ajv8 cannot compile schemas in the browser.
 */
const workflowValidator = schemaValidator;

type Values = Record<string, unknown>;

type Props = {
  schema: JsonSchema;
  perms: FieldPerms;
  value: Values;
  onChange?: (value: Values) => void;
  /** Fields this viewer may change now; every other visible field is read-only. */
  editable: string[];
};

type FormHandle = { validateForm: () => boolean };

/**
 * An approval form rendered by @rjsf/antd with the node's field permissions: hidden fields never
 * arrive from the server, read fields are read-only, edit fields are inputs.
 */
export const WorkflowForm = forwardRef<FormHandle, Props>(({ schema, perms, value, onChange, editable }, ref) => {
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { "ui:submitButtonOptions": { norender: true } };
    for (const key of Object.keys(schema.properties ?? {})) {
      const isEditable = editable.includes(key) && perms[key] === "edit";
      const hint = (schema.properties?.[key]?.["x-ui"] as UiSchema | undefined) ?? {};
      ui[key] = { ...hint, ...(isEditable ? {} : { "ui:readonly": true }) };
    }
    return ui;
  }, [schema, perms, editable]);
  return (
    <Form
      ref={ref as never}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={value}
      validator={workflowValidator}
      onChange={(e: IChangeEvent<Values>) => onChange?.(e.formData ?? {})}
      showErrorList={false}
      liveValidate={false}
      noHtml5Validate
    />
  );
});
WorkflowForm.displayName = "WorkflowForm";
