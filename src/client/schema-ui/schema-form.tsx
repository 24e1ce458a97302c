import { useCreate, useOne, useUpdate, type BaseRecord } from "@refinedev/core";
import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { ErrorSchema } from "@rjsf/utils";
import { Button, Skeleton } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type { FieldError } from "../../shared/errors";
import { isApiError } from "../providers/api-error";
import { formSchemaOf, localizeErrors, schemaValidator } from "./form-schema";
import { FORM_BUTTON_TEMPLATES, useFormStrings } from "./form-buttons";
import { customFieldSpans, FORM_FIELDS } from "./custom-fields";
import { FORM_WIDGETS } from "./form-widgets";
import { useOptions } from "./use-options";
import { useResourceSchema } from "./use-schema";

type Values = Record<string, unknown>;
const TEMPLATES = { ButtonTemplates: FORM_BUTTON_TEMPLATES };

/** Two fields a row; lists, nested objects and long text take the whole row. */
const FORM_CONTEXT = {
  colSpan: {
    string: 12,
    number: 12,
    integer: 12,
    boolean: 12,
    choice: 12,
    tree: 12,
    cascader: 12,
    radio: 12,
    array: 24,
    object: 24,
    textarea: 24,
    hidden: 24,
  },
};

export type SchemaFormProps = {
  resource: string;
  /** Edit this record; without it the form creates one. */
  id?: string;
  /** Starting values of a new record (e.g. the client type, or the employer of an employee). */
  defaults?: Values;
  onSaved?: (record: BaseRecord) => void;
  onCancel?: () => void;
  /**
   * Sends the checked values somewhere else than create/update (a case is submitted for its
   * approval); a rejection with field errors shows them under the fields like a save's.
   */
  onSubmit?: (values: Values) => Promise<void>;
  submitLabel?: string;
  /** Values set from outside while the form is open (a client created on the spot). */
  patch?: Values;
  /** Every change of the form's values (a case form runs the conflict check on its parties). */
  onValuesChange?: (values: Values) => void;
};

/** The server's field errors under their fields (nested paths such as relatedParties.0.type too). */
const toErrorSchema = (fields: FieldError[]): ErrorSchema => {
  const root: Record<string, unknown> = {};
  for (const f of fields) {
    let node = root;
    for (const part of f.field.split(".")) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), f.message];
  }
  return root as ErrorSchema;
};

/**
 * The create and edit form of any resource, rendered by @rjsf/antd from its schema and checked
 * in the browser by the same rules (and messages) the server applies on save.
 */
export const SchemaForm = ({
  resource,
  id,
  defaults,
  onSaved,
  onCancel,
  onSubmit,
  submitLabel,
  patch,
  onValuesChange,
}: SchemaFormProps) => {
  const { t } = useTranslation();
  const { schema, fields } = useResourceSchema(resource);
  const options = useOptions(fields);
  const { result: record, query } = useOne<BaseRecord>({
    resource,
    id: id ?? "",
    queryOptions: { enabled: Boolean(id) },
  });
  const [values, setValues] = useState<Values>(defaults ?? {});
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const { mutateAsync: create, mutation: createState } = useCreate();
  const { mutateAsync: update, mutation: updateState } = useUpdate();
  const [isSubmitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (patch) setValues((v) => ({ ...v, ...patch }));
  }, [patch]);
  useEffect(() => {
    onValuesChange?.(values);
  }, [values, onValuesChange]);

  // The form holds the schema's fields only: id, version and audit columns are the server's.
  useEffect(() => {
    if (!id || !record) return;
    const keys = new Set(fields.filter((f) => !f.schema.readOnly).map((f) => f.key));
    setValues(
      Object.fromEntries(Object.entries(record).filter(([k, v]) => keys.has(k) && v !== null)),
    );
  }, [id, record, fields]);

  const form = useMemo(
    () => (schema ? formSchemaOf(schema, fields, values, options, t) : undefined),
    [schema, fields, values, options, t],
  );
  const transformErrors = useMemo(
    () => (schema ? localizeErrors(schema, t) : undefined),
    [schema, t],
  );
  const translateString = useFormStrings();
  const formContext = useMemo(
    () => ({ colSpan: { ...FORM_CONTEXT.colSpan, ...customFieldSpans() } }),
    [],
  );
  if (!schema || !form || (id && query.isLoading)) return <Skeleton active />;

  const save = async ({ formData }: IChangeEvent<Values>) => {
    setServerErrors(undefined);
    const data: Values = { ...(formData ?? {}) };
    // A field the user emptied must reach the server as null, or the stored value would stay.
    if (id)
      for (const f of fields)
        if (
          !f.schema.readOnly &&
          data[f.key] === undefined &&
          (record as Values | undefined)?.[f.key] != null
        )
          data[f.key] = null;
    try {
      if (onSubmit) {
        setSubmitting(true);
        await onSubmit(data).finally(() => setSubmitting(false));
        return;
      }
      const saved = id
        ? await update({
            resource,
            id,
            values: { ...data, version: (record as Values | undefined)?.version },
            successNotification: { type: "success", message: t("schemaUi.saved") },
          })
        : await create({
            resource,
            values: data,
            successNotification: { type: "success", message: t("schemaUi.created") },
          });
      onSaved?.(saved.data);
    } catch (error) {
      // Keep what the user typed and show the server's reasons under the fields.
      if (isApiError(error) && error.fields.length) setServerErrors(toErrorSchema(error.fields));
    }
  };

  return (
    <div className="schema-form">
      <Form
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={values}
        validator={schemaValidator}
        widgets={FORM_WIDGETS}
        fields={FORM_FIELDS}
        templates={TEMPLATES}
        formContext={formContext}
        transformErrors={transformErrors}
        translateString={translateString}
        extraErrors={serverErrors}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => setValues({ ...values, ...e.formData })}
        onSubmit={(e) => void save(e)}
        // The errors show under their fields; without a handler rjsf also logs them as console errors.
        onError={() => undefined}
      >
        <div className="schema-form-actions">
          <Button
            type="primary"
            htmlType="submit"
            loading={createState.isPending || updateState.isPending || isSubmitting}
          >
            {submitLabel ?? t("buttons.save")}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{t("buttons.cancel")}</Button> : null}
        </div>
      </Form>
    </div>
  );
};
