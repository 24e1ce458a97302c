/**
 * Response schemas and the answer types behind them. Every /api answer goes out wrapped as
 * `{code, msg, data}` (plugins/envelope.ts), so a route's 200 schema is the envelope with the
 * route's own shape under `data`. Fastify serialises by the schema and drops any field it does
 * not name: a shape names every field the route sends, and an open object says
 * `additionalProperties: true`.
 */

type Schema = Record<string, unknown>;

/** The route's `response` option: its 200 answer's `data` is `data`. */
export const answers = <D extends Schema>(data: D) =>
  ({
    200: {
      type: "object",
      properties: { code: { type: "integer" }, msg: { type: "string" }, data },
    },
  }) as const;

/** A value of this JSON type, or null. */
export const orNull = <T extends string>(type: T) => ({ type: [type, "null"] }) as const;

/** An array of `items`. */
export const listOf = <I extends Schema>(items: I) => ({ type: "array", items }) as const;

/**
 * An object's `properties` checked against the shared type it sends: each field of T named
 * once, nothing else, so the schema cannot drop a field the client reads.
 */
export const fieldsOf =
  <T>() =>
  <P extends Record<keyof T, Schema>>(props: P & Record<Exclude<keyof P, keyof T>, never>) =>
    props;

/**
 * What a service may hand Fastify for an answer typed T: a timestamp (a field named `at` or
 * `…At`, text on the wire) may still be the row's Date, which goes out as its ISO text.
 */
export type Answer<T> = T extends readonly (infer U)[]
  ? Answer<U>[]
  : T extends object
    ? { [K in keyof T]: K extends "at" | `${string}At` ? T[K] | Date : Answer<T[K]> }
    : T;
