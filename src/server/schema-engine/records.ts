import type { RecordRow, Resource } from "./types";

/** Keys the server owns: a client may send them back (the form does) but never sets them. */
const SYSTEM_KEYS = new Set([
  "id",
  "version",
  "workspaceId",
  "custom",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
  "status",
  "pendingChanges",
  "permissions",
]);

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

const applies = (when: Record<string, string> | undefined, record: Record<string, unknown>) =>
  !when || Object.entries(when).every(([key, value]) => record[key] === value);

/**
 * The fields a write may set: server-owned and read-only keys are dropped, so are fields whose
 * `x-when` does not match the record (an individual has no organization ID) and cleared values.
 * Unknown keys stay, so the schema's `additionalProperties: false` names them.
 */
export const writableValues = (res: Resource, input: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (SYSTEM_KEYS.has(key) || isEmpty(value)) continue;
    const field = res.byKey.get(key);
    // A column no schema field declares is the server's (a case's folder): a form echoing it back changes nothing.
    if (!field && key in res.columns) continue;
    if (field && (field.isReadOnly || !applies(field.when, input))) continue;
    out[key] = value;
  }
  return out;
};

/** Splits validated values into column values and the custom jsonb; absent columns are cleared. */
export const toStorage = (res: Resource, values: Record<string, unknown>) => {
  const row: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const field of res.fields) {
    if (field.isReadOnly) continue;
    const value = values[field.key];
    // A required column with a default (a bill's invoice status, a time entry's billable flag)
    // keeps its default or current value when the form leaves it out, instead of a null it refuses.
    if (
      field.column &&
      value === undefined &&
      field.column.notNull &&
      field.column.hasDefault &&
      field.kind !== "array"
    )
      continue;
    if (field.column)
      row[field.key] = value ?? (field.column.notNull && field.kind === "array" ? [] : null);
    else if (value !== undefined) custom[field.key] = value;
  }
  return { ...row, custom };
};

const HIDDEN = new Set(["workspaceId", "custom"]);

/** A stored row as the API shows it: columns and custom fields side by side, flat. */
export const fromStorage = (row: RecordRow): RecordRow => {
  const out: RecordRow = {};
  for (const [key, value] of Object.entries(row)) if (!HIDDEN.has(key)) out[key] = value;
  const custom =
    row.custom && typeof row.custom === "object" ? (row.custom as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(custom)) if (!(key in out)) out[key] = value;
  return out;
};

/** The writable part of a stored record, as a form would send it back (the base of a merge). */
export const editableOf = (res: Resource, record: RecordRow) => {
  const out: Record<string, unknown> = {};
  for (const field of res.fields) {
    if (!field.isReadOnly && !isEmpty(record[field.key])) out[field.key] = record[field.key];
  }
  return out;
};
