import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { forwardRef, useMemo } from "react";
import { useTranslation } from "react-i18next";

import {
  type FieldPerms,
  fieldLabel,
  formFields,
  type JsonSchema,
  optionLabel,
} from "../../../shared/workflow";
import { localizeErrors } from "../../schema-ui/form-schema";
import { FORM_BUTTON_TEMPLATES, useFormStrings } from "../../schema-ui/form-buttons";
import { FORM_WIDGETS } from "../../schema-ui/form-widgets";
import { schemaValidator } from "../../schema-ui/validator";
import { WORKFLOW_WIDGETS, type WorkflowFormContext } from "./form-widgets";

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
  /** The approval the form belongs to, and its files' names (attachment fields). */
  context?: WorkflowFormContext;
};

/** The widget a field's type needs beyond rjsf's own (people, departments, ranges, files). */
const widgetOf = (type: string, source: string | undefined) => {
  if (type === "user" || type === "users") return "member";
  if (type === "enum" && source === "departments") return "department";
  if (type === "dateRange") return "dateRange";
  if (type === "files") return "files";
  return undefined;
};

/** The messages show under their fields; without a handler rjsf logs them as a console error. */
const showUnderFields = () => undefined;

type FormHandle = { validateForm: () => boolean };

/**
 * An approval form rendered by @rjsf/antd with the node's field permissions: hidden fields never
 * arrive from the server, read fields are read-only, edit fields are inputs.
 */
export const WorkflowForm = forwardRef<FormHandle, Props>(
  ({ schema, perms, value, onChange, editable, context }, ref) => {
    const { t, i18n } = useTranslation();
    const formStrings = useFormStrings();
    const lang = i18n.language;
    const fields = useMemo(() => formFields(schema), [schema]);
    // Labels in the reader's language (x-label), the rest of the schema as the server sent it.
    const localized = useMemo<JsonSchema>(
      () => ({
        ...schema,
        properties: Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, s]) => {
            const field = fields.find((f) => f.key === key);
            return [key, field ? { ...s, title: fieldLabel(field, lang) } : s];
          }),
        ),
      }),
      [schema, fields, lang],
    );
    const uiSchema = useMemo<UiSchema>(() => {
      // The form's own field order (x-order): its properties object may come back key-sorted.
      const ui: UiSchema = {
        "ui:submitButtonOptions": { norender: true },
        "ui:order": [...fields.map((f) => f.key), "*"],
      };
      for (const f of fields) {
        const isEditable = editable.includes(f.key) && perms[f.key] === "edit";
        const hint = (schema.properties?.[f.key]?.["x-ui"] as UiSchema | undefined) ?? {};
        const widget = widgetOf(f.type, f.source);
        // Inline options go to the schema forms' select: a placeholder instead of an empty
        // option, and each option's label in the reader's language.
        const choices =
          !widget && f.options
            ? {
                "ui:widget": "choice",
                "ui:options": {
                  isMultiple: f.type === "multi",
                  choices: f.options.map((o) => ({
                    value: o,
                    label: optionLabel(f.optionLabels, o, lang),
                  })),
                },
              }
            : {};
        ui[f.key] = {
          ...hint,
          ...choices,
          ...(widget ? { "ui:widget": widget } : {}),
          ...(isEditable ? {} : { "ui:readonly": true }),
        };
      }
      return ui;
    }, [schema, fields, perms, editable, lang]);
    // Validation messages in the words (and language) of the schema forms and the server.
    const transformErrors = useMemo(() => localizeErrors(schema as never, t), [schema, t]);
    return (
      <Form
        ref={ref as never}
        schema={localized as RJSFSchema}
        uiSchema={uiSchema}
        widgets={{ ...FORM_WIDGETS, ...WORKFLOW_WIDGETS }}
        templates={{ ButtonTemplates: FORM_BUTTON_TEMPLATES }}
        translateString={formStrings}
        formContext={context ?? {}}
        formData={value}
        validator={workflowValidator}
        onChange={(e: IChangeEvent<Values>) => onChange?.(e.formData ?? {})}
        transformErrors={transformErrors}
        onError={showUnderFields}
        showErrorList={false}
        liveValidate={false}
        noHtml5Validate
      />
    );
  },
);
WorkflowForm.displayName = "WorkflowForm";
