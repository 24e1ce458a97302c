import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

import { addCalendarFormats, CALENDAR_FORMATS } from "../../../shared/calendar-dates";
import { AppError, type FieldError } from "../../../shared/errors";
import type { JsonSchema } from "../../../shared/workflow";
import { MULTIPLE_OF_PRECISION } from "../../lib/ajv-options";

/**
 * Forms are admin-written JSON schemas with x- keywords for the renderer; strict mode is off
 * here because those keywords are hints, not validation, and `money` is a decimal string.
 */
const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  multipleOfPrecision: MULTIPLE_OF_PRECISION,
});
addFormats(ajv);
// A form's dates are checked as every other date the API takes (after ajv-formats, which allows 0000).
addCalendarFormats(ajv);
ajv.addFormat("money", /^-?\d{1,12}(\.\d{1,2})?$/);

/** Versions are immutable, so their compiled forms are cached for the life of the process. */
const compiled = new Map<string, ValidateFunction>();

const compile = (cacheKey: string | undefined, form: JsonSchema) => {
  const hit = cacheKey ? compiled.get(cacheKey) : undefined;
  if (hit) return hit;
  const fn = ajv.compile(form);
  if (cacheKey) compiled.set(cacheKey, fn);
  return fn;
};

const compiles = (schema: unknown) => {
  try {
    compile(undefined, schema as JsonSchema);
    return true;
  } catch {
    return false;
  }
};

export const isValidFormSchema = (form: unknown) => compiles(form);

/**
 * The fields ajv refuses, so the designer can mark them ("" when the fault is not in one
 * field): each property is compiled on its own, which also catches unknown formats that the
 * meta-schema check alone lets through.
 */
export const invalidFormFields = (form: unknown): string[] => {
  if (compiles(form)) return [];
  const props = (form as JsonSchema | null)?.properties;
  const bad =
    props && typeof props === "object"
      ? Object.entries(props)
          .filter(([, p]) => !compiles({ type: "object", properties: { x: p } }))
          .map(([k]) => k)
      : [];
  return bad.length > 0 ? bad : [""];
};

/** Validates form data against a version's form; 422 `errors.validation` with the fields at fault. */
export const assertFormValid = (
  cacheKey: string,
  form: JsonSchema,
  data: Record<string, unknown>,
) => {
  const validate = compile(cacheKey, form);
  if (validate(data)) return;
  const fields: FieldError[] = (validate.errors ?? []).map((e) => {
    const base = e.instancePath.replace(/^\//, "").replace(/\//g, ".");
    const missing = typeof e.params.missingProperty === "string" ? e.params.missingProperty : "";
    const key = [
      "required",
      "type",
      "maxLength",
      "minLength",
      "format",
      "enum",
      "minimum",
      "maximum",
      "pattern",
    ].includes(e.keyword)
      ? e.keyword
      : "invalid";
    const format =
      e.keyword === "format" && Object.hasOwn(CALENDAR_FORMATS, String(e.params.format))
        ? `formats.${String(e.params.format)}`
        : undefined;
    return {
      field: [base, missing].filter(Boolean).join(".") || "form",
      message: `validation.${format ?? key}`,
    };
  });
  throw new AppError(422, "errors.validation", { fields });
};
