import {
  CATALOGUE_FORMATS,
  type FieldSchema,
  fitsDecimal,
  isUniqueBy,
  type SchemaIssue,
} from "./schema-vocabulary";
import { MEMBER_FORMATS } from "./validators";

/**
 * An interpreting JSON Schema checker for the browser: ajv compiles validators with `new
 * Function`, which the app's Content-Security-Policy forbids, so the form checks records with
 * this instead. It covers the keywords resource schemas use and reports issues shaped like
 * ajv's, so both sides word them through the same `issueMessage`. The server keeps ajv, and
 * tests/unit/schema-check.test.ts holds the two to the same answers.
 */
type Schema = FieldSchema & Record<string, unknown>;
type Issue = SchemaIssue & { schemaPath: string; message: string };

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

const isType = (v: unknown, type: string) => {
  if (type === "integer") return typeof v === "number" && Number.isInteger(v);
  if (type === "number") return typeof v === "number" && Number.isFinite(v);
  return typeOf(v) === type;
};

const FORMATS: Record<string, { type: string; validate: (v: never) => boolean }> = {
  ...Object.fromEntries(
    Object.entries(MEMBER_FORMATS).map(([k, f]) => [
      k,
      { type: "string", validate: (v: string) => v === "" || f(v) },
    ]),
  ),
  ...CATALOGUE_FORMATS,
};

const length = (s: string) => [...s].length;

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const checkSchema = (
  schema: Schema,
  data: unknown,
  path = "",
  schemaPath = "#",
): Issue[] => {
  const out: Issue[] = [];
  const fail = (keyword: string, params: Record<string, unknown> = {}, at = path) =>
    out.push({
      keyword,
      instancePath: at,
      params,
      parentSchema: schema,
      schemaPath: `${schemaPath}/${keyword}`,
      message: keyword,
    });
  const sub = (s: unknown, d: unknown, p: string, sp: string) =>
    s && typeof s === "object" ? checkSchema(s as Schema, d, p, sp) : [];

  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => isType(data, t))) {
      fail("type", { type: types.join(",") });
      return out;
    }
  }
  if (schema.enum && !schema.enum.some((e) => equal(e, data)))
    fail("enum", { allowedValues: schema.enum });
  if ("const" in schema && !equal(schema.const, data))
    fail("const", { allowedValue: schema.const });

  if (typeof data === "string") {
    if (schema.minLength !== undefined && length(data) < schema.minLength)
      fail("minLength", { limit: schema.minLength });
    if (schema.maxLength !== undefined && length(data) > schema.maxLength)
      fail("maxLength", { limit: schema.maxLength });
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(data))
      fail("pattern", { pattern: schema.pattern });
    const xLength = schema["x-length"];
    if (xLength !== undefined && data !== "" && length(data) !== xLength) fail("x-length");
    const exclude = schema["x-exclude"];
    if (exclude && [...exclude].some((c) => data.includes(c))) fail("x-exclude");
  }
  if (typeof data === "number") {
    const n = schema as {
      minimum?: number;
      maximum?: number;
      exclusiveMinimum?: number;
      exclusiveMaximum?: number;
    };
    if (n.minimum !== undefined && data < n.minimum)
      fail("minimum", { limit: n.minimum, comparison: ">=" });
    if (n.maximum !== undefined && data > n.maximum)
      fail("maximum", { limit: n.maximum, comparison: "<=" });
    if (n.exclusiveMinimum !== undefined && data <= n.exclusiveMinimum)
      fail("exclusiveMinimum", { limit: n.exclusiveMinimum });
    if (n.exclusiveMaximum !== undefined && data >= n.exclusiveMaximum)
      fail("exclusiveMaximum", { limit: n.exclusiveMaximum });
  }
  if (
    (typeof data === "number" || typeof data === "string") &&
    schema["x-decimal"] &&
    !fitsDecimal(data, schema["x-decimal"])
  )
    fail("x-decimal");
  const format = schema.format ? FORMATS[schema.format] : undefined;
  if (format && typeof data === format.type && !format.validate(data as never))
    fail("format", { format: schema.format });

  if (Array.isArray(data)) {
    const a = schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
    if (a.minItems !== undefined && data.length < a.minItems)
      fail("minItems", { limit: a.minItems });
    if (a.maxItems !== undefined && data.length > a.maxItems)
      fail("maxItems", { limit: a.maxItems });
    if (a.uniqueItems && new Set(data.map((d) => JSON.stringify(d))).size !== data.length)
      fail("uniqueItems");
    const by = schema["x-unique-by"];
    if (by) {
      if (!isUniqueBy(data, by)) fail("x-unique-by");
    }
    data.forEach((item, i) =>
      out.push(...sub(schema.items, item, `${path}/${i}`, `${schemaPath}/items`)),
    );
  }

  if (data && typeof data === "object" && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (record[key] === undefined) fail("required", { missingProperty: key });
    for (const [key, value] of Object.entries(record)) {
      const prop = schema.properties?.[key];
      if (prop) out.push(...sub(prop, value, `${path}/${key}`, `${schemaPath}/properties/${key}`));
      else if (schema.additionalProperties === false && value !== undefined)
        fail("additionalProperties", { additionalProperty: key });
    }
  }

  const s = schema as {
    allOf?: Schema[];
    anyOf?: Schema[];
    oneOf?: Schema[];
    not?: Schema;
    if?: Schema;
    then?: Schema;
    else?: Schema;
  };
  s.allOf?.forEach((part, i) => out.push(...sub(part, data, path, `${schemaPath}/allOf/${i}`)));
  if (s.anyOf && !s.anyOf.some((part) => sub(part, data, path, schemaPath).length === 0))
    fail("anyOf");
  if (
    s.oneOf &&
    s.oneOf.filter((part) => sub(part, data, path, schemaPath).length === 0).length !== 1
  )
    fail("oneOf");
  if (s.not && sub(s.not, data, path, schemaPath).length === 0) fail("not");
  if (s.if) {
    const branch = sub(s.if, data, path, schemaPath).length === 0 ? s.then : s.else;
    if (branch)
      out.push(...sub(branch, data, path, `${schemaPath}/${branch === s.then ? "then" : "else"}`));
  }
  return out;
};
