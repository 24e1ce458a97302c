import type { HttpError, ValidationErrors } from "@refinedev/core";

import type { FieldError } from "../../shared/errors";

/**
 * What every failed request rejects with. `errors` is the shape Refine's forms read to put a
 * message under each field; `fields` keeps the server's list as sent.
 */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly code: number;
  readonly fields: FieldError[];
  readonly errors: ValidationErrors;
  readonly isCancelled: boolean;

  constructor(opts: {
    statusCode: number;
    code: number;
    message: string;
    fields?: FieldError[];
    isCancelled?: boolean;
  }) {
    super(opts.message);
    this.name = "ApiError";
    this.statusCode = opts.statusCode;
    this.code = opts.code;
    this.fields = opts.fields ?? [];
    this.errors = Object.fromEntries(this.fields.map((f) => [f.field, f.message]));
    this.isCancelled = opts.isCancelled ?? false;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as FieldError).field === "string" &&
  typeof (value as FieldError).message === "string";

/** Validation answers carry `data: { fields: [{ field, message }] }`. */
export const readFields = (data: unknown): FieldError[] => {
  if (typeof data !== "object" || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  return Array.isArray(fields) ? fields.filter(isFieldError) : [];
};
