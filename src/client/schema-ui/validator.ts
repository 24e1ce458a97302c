import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from "@rjsf/utils";
import processRawValidationErrors from "@rjsf/validator-ajv8/lib/processRawValidationErrors.js";
import type { ErrorObject } from "ajv";

import { checkSchema } from "../../shared/schema-check";

type Values = Record<string, unknown>;

const raw = (schema: RJSFSchema, data: unknown) =>
  checkSchema(schema as never, data) as unknown as ErrorObject[];

/**
 * rjsf's validator interface over the CSP-safe checker: rjsf turns the ajv-shaped issues into
 * field errors exactly as it does for @rjsf/validator-ajv8, and the form's transformErrors words
 * them with the server's catalogue.
 */
export const schemaValidator: ValidatorType<Values> = {
  rawValidation: <Result>(schema: RJSFSchema, formData?: Values) => ({
    errors: raw(schema, formData) as unknown as Result[],
  }),
  isValid: (schema: RJSFSchema, formData: Values | undefined) => raw(schema, formData).length === 0,
  validateFormData(
    formData: Values | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Values>,
    transformErrors?: ErrorTransformer<Values>,
    uiSchema?: UiSchema<Values>,
  ) {
    return processRawValidationErrors(
      this,
      { errors: raw(schema, formData) },
      formData,
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
  },
};
