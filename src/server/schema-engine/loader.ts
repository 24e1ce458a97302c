import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import Ajv2020 from "ajv/dist/2020";
import type Ajv from "ajv";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { isSubject } from "../../shared/permissions";
import { MULTIPLE_OF_PRECISION } from "../lib/ajv-options";
import {
  addSchemaVocabulary,
  type FieldSchema,
  type ResourceSchema,
} from "../../shared/schema-vocabulary";
import { addMemberFormats } from "../../shared/validators";
import { declareMenu } from "./menu";
import type { FieldDef, RecordTable, Resource, ResourceBinding, ResourceRegistry } from "./types";

const SUFFIX = ".schema.json";

/** A schema an admin edited badly: the message names the file and the problem, and the start stops. */
export class SchemaError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "SchemaError";
  }
}

/** One ajv for every resource schema: draft 2020-12, strict, with the x- vocabulary. */
export const createSchemaAjv = () => {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allErrors: true,
    verbose: true,
    multipleOfPrecision: MULTIPLE_OF_PRECISION,
  });
  addSchemaVocabulary(ajv);
  addMemberFormats(ajv as unknown as Ajv);
  return ajv;
};

const kindOf = (file: string, key: string, schema: FieldSchema): FieldDef["kind"] => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (
    type === "string" ||
    type === "number" ||
    type === "integer" ||
    type === "boolean" ||
    type === "array" ||
    type === "object"
  )
    return type;
  throw new SchemaError(
    file,
    `property "${key}" needs a "type" (string, number, integer, boolean, array or object)`,
  );
};

const fieldOf = (
  file: string,
  key: string,
  schema: FieldSchema,
  columns: Record<string, PgColumn>,
  hasTable: boolean,
): FieldDef => {
  // A title is a label too, the same in both languages; an x-label key translates it.
  if (!schema["x-label"] && !schema.title)
    throw new SchemaError(file, `property "${key}" has neither "x-label" nor "title"`);
  const isColumn = schema["x-storage"] === "column";
  if (isColumn && !hasTable)
    throw new SchemaError(
      file,
      `property "${key}" says x-storage "column", but this resource has no table of its own`,
    );
  if (isColumn && !columns[key])
    throw new SchemaError(
      file,
      `property "${key}" says x-storage "column", but the table has no column "${key}"`,
    );
  if (!isColumn && key in columns)
    throw new SchemaError(
      file,
      `property "${key}" names a table column: add "x-storage": "column"`,
    );
  const kind = kindOf(file, key, schema);
  const isArrayField = kind === "array";
  const filter = schema["x-filter"];
  if ((filter === 3 || filter === 6) && !schema["x-options"])
    throw new SchemaError(file, `property "${key}": x-filter ${filter} needs "x-options"`);
  if ((filter === 2 || filter === 7) && !schema["x-options"] && !schema.enum)
    throw new SchemaError(
      file,
      `property "${key}": x-filter ${filter} needs "x-options" or "enum"`,
    );
  if (filter === 6 && !isArrayField)
    throw new SchemaError(
      file,
      `property "${key}": a cascade (x-filter 6) stores its path, so it must be an array`,
    );
  return {
    key,
    schema,
    label: schema["x-label"] ?? "",
    column: isColumn ? columns[key] : undefined,
    kind,
    isDate: schema.format === "date",
    isDateTime: schema.format === "date-time",
    isReadOnly: schema.readOnly === true,
    isUnique: schema["x-unique"] === true,
    filter,
    options: schema["x-options"],
    when: schema["x-when"],
  };
};

type Bindings = Record<string, ResourceBinding>;

/**
 * Reads every `<resource>.schema.json` in the directory once at start-up and compiles it. A
 * resource a feature bound to a table uses it; any other schema is stored in schema_records, so a
 * new entity needs only its schema file: with `x-menu` the SPA builds its screens too.
 */
export const loadResources = (
  dir: string,
  bindings: Bindings,
  fallback: (name: string) => ResourceBinding,
): ResourceRegistry => {
  const ajv = createSchemaAjv();
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((f) => f.endsWith(SUFFIX))
      .sort();
  } catch {
    throw new SchemaError(dir, "the schema directory cannot be read");
  }
  const resources = new Map<string, Resource>();
  const claimed = new Map<string, string>();
  for (const fileName of names) {
    const file = path.join(dir, fileName);
    const name = fileName.slice(0, -SUFFIX.length);
    let schema: ResourceSchema;
    try {
      schema = JSON.parse(readFileSync(file, "utf8")) as ResourceSchema;
    } catch (error) {
      throw new SchemaError(file, `not valid JSON (${(error as Error).message})`);
    }
    if (schema.$id !== name) throw new SchemaError(file, `"$id" must be "${name}" (the file name)`);
    if (schema.type !== "object" || !schema.properties)
      throw new SchemaError(file, `must be an object schema with "properties"`);
    const hasTable = name in bindings;
    const binding = bindings[name] ?? fallback(name);
    const columns = getTableColumns(binding.table as RecordTable) as unknown as Record<
      string,
      PgColumn
    >;
    const fields = Object.entries(schema.properties).map(([key, sub]) =>
      fieldOf(file, key, sub, columns, hasTable),
    );
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      throw new SchemaError(file, (error as Error).message);
    }
    const menuProblem = declareMenu(name, schema, claimed);
    if (menuProblem) throw new SchemaError(file, menuProblem);
    if (!isSubject(schema["x-subject"])) {
      throw new SchemaError(
        file,
        `"x-subject" must name a permission subject of src/shared/permissions.ts (or declare one in "x-menu")`,
      );
    }
    resources.set(name, {
      name,
      file,
      schema,
      subject: schema["x-subject"],
      validate,
      fields,
      byKey: new Map(fields.map((f) => [f.key, f])),
      binding,
      columns,
    });
  }
  for (const bound of Object.keys(bindings)) {
    if (!resources.has(bound))
      throw new SchemaError(
        path.join(dir, `${bound}${SUFFIX}`),
        "missing: the feature needs this schema",
      );
  }
  return { get: (name) => resources.get(name), all: () => [...resources.values()] };
};
