import type { ErrorSchema, FieldProps } from "@rjsf/utils";

import type { CaseAllocation } from "../../../shared/fees";
import { AllocationEditor } from "./allocation-editor";
import "./fees.css";

/** rjsf's nested errors as "lines.0.percent" → message, the paths the shared validator uses. */
const flatten = (schema: ErrorSchema | undefined, prefix = "", out = new Map<string, string>()) => {
  if (!schema) return out;
  for (const [key, node] of Object.entries(schema)) {
    if (key === "__errors") {
      const first = (node as string[] | undefined)?.[0];
      if (first && !out.has(prefix)) out.set(prefix, first);
    } else flatten(node as ErrorSchema, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
};

/**
 * The case form's "feeAllocation" field (x-ui "ui:field": "feeAllocation"): the same editor the
 * Finance tab's allocation dialog uses, so both refuse the same things.
 */
export const FeeAllocationField = (props: FieldProps) => (
  <fieldset className="fees-fieldset fees-field">
    <legend>{props.schema.title}</legend>
    <AllocationEditor
      idPrefix={props.fieldPathId.$id}
      value={(props.formData as CaseAllocation | null | undefined) ?? undefined}
      onChange={(next) => props.onChange(next, props.fieldPathId.path)}
      extraErrors={flatten(props.errorSchema as ErrorSchema | undefined)}
      disabled={props.disabled || props.readonly}
    />
  </fieldset>
);
