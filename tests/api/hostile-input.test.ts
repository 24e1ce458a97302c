import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as tables from "../../src/server/db/tables";
import type { RouteEntry } from "../../src/server/plugins/auth";
import { createTestApp, type TestApp } from "../fixtures/app";

/**
 * Generated from the route table, so routes added later are covered: every route gets, in every
 * string it takes (body fields at any depth, query parameters, path parameters), a NUL, a lone
 * surrogate, a bidi override, a C1 control and a 10 000-character string; every body gets a
 * 10 000-deep object and `__proto__` / `constructor` / `prototype` keys; every query gets those
 * names as `_sort` values and keys. Each answer must be a 4xx `{code,msg,data}` and nothing may be
 * written (row counts of every table, the audit log included, unchanged).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minItems?: number;
};

const HOSTILE_STRINGS: Record<string, string> = {
  nul: "a\u0000b",
  loneSurrogate: "a\ud800b",
  bidiOverride: "\u202Eevil",
  c1Control: "a\u0085b",
  long: "x".repeat(10_000),
};

/** In a URL a lone surrogate can only arrive as its (invalid) UTF-8 bytes. */
const inUrl = (value: string) =>
  value.includes("\ud800") ? value.replace("\ud800", "%ED%A0%80") : encodeURIComponent(value);

const PROTO_NAMES = ["__proto__", "constructor", "prototype"];

/** A body that passes the route's schema as far as it can, with ids of the caller's own firm. */
const sampleFor = (schema: JsonSchema | undefined, id: string): unknown => {
  if (!schema) return {};
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, sub]) => [k, sampleFor(sub, id)]),
      );
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [sampleFor(schema.items, id)] : [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return schema.format === "uuid" ? id : "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
};

type Path = (string | number)[];

/** Where the sample holds strings (and where a string could go: the schema's string properties). */
const stringPaths = (schema: JsonSchema | undefined, at: Path = []): Path[] => {
  if (!schema) return [];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") {
    return Object.entries(schema.properties ?? {}).flatMap(([k, sub]) =>
      stringPaths(sub, [...at, k]),
    );
  }
  if (type === "array" && schema.items) return stringPaths(schema.items, [...at, 0]);
  return type === "string" || (type === undefined && !schema.enum) ? [at] : [];
};

const setAt = (root: unknown, path: Path, value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const obj =
    root && typeof root === "object" && !Array.isArray(root) ? { ...(root as object) } : {};
  (obj as Record<string, unknown>)[head] = setAt(
    (obj as Record<string, unknown>)[head],
    rest,
    value,
  );
  return obj;
};

const deepObject = (levels: number) => {
  let json = '"leaf"';
  for (let i = 0; i < levels; i++) json = `{"a":${json}}`;
  return json;
};

type Probe = { what: string; url: string; payload?: string };

/** Every hostile request for one route. */
const probesFor = (route: RouteEntry, id: string, querySchema: JsonSchema | undefined): Probe[] => {
  const url = route.url.replace(/:[A-Za-z]+/g, id);
  const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);
  const schema = route.bodySchema as JsonSchema | undefined;
  const sample = hasBody ? sampleFor(schema, id) : undefined;
  const probes: Probe[] = [];
  const json = (value: unknown) => JSON.stringify(value);

  // Path parameters.
  if (route.url.includes(":")) {
    for (const [name, value] of Object.entries(HOSTILE_STRINGS)) {
      if (name === "long") continue;
      probes.push({
        what: `path ${name}`,
        url: route.url.replace(/:[A-Za-z]+/g, inUrl(value)),
        payload: hasBody ? json(sample) : undefined,
      });
    }
  }
  // Query parameters: the declared ones (or `q`), then prototype names as keys and sort values.
  const queryNames = Object.keys(querySchema?.properties ?? {}).filter((k) => k !== "ticket");
  for (const param of queryNames.length ? queryNames : ["q"]) {
    for (const [name, value] of Object.entries(HOSTILE_STRINGS)) {
      probes.push({
        what: `query ${param} ${name}`,
        url: `${url}?${param}=${inUrl(value)}`,
        payload: hasBody ? json(sample) : undefined,
      });
    }
  }
  for (const proto of PROTO_NAMES) {
    probes.push({
      what: `_sort=${proto}`,
      url: `${url}?_sort=${proto}`,
      payload: hasBody ? json(sample) : undefined,
    });
    probes.push({
      what: `query key ${proto}`,
      url: `${url}?${proto}=1`,
      payload: hasBody ? json(sample) : undefined,
    });
  }
  if (!hasBody) return probes;
  // Body strings at every depth the schema names (or an extra field when it names none).
  const paths = stringPaths(schema);
  for (const path of paths.length ? paths : [["x"]]) {
    for (const [name, value] of Object.entries(HOSTILE_STRINGS)) {
      probes.push({
        what: `body ${path.join(".")} ${name}`,
        url,
        payload: json(setAt(sample, path, value)),
      });
    }
  }
  const base = json(sample);
  const inner = base.startsWith("{") && base !== "{}" ? `,${base.slice(1)}` : "}";
  probes.push({
    what: "body 10 000-deep object",
    url,
    payload: `{"deep":${deepObject(10_000)}${inner}`,
  });
  for (const proto of PROTO_NAMES) {
    probes.push({
      what: `body key ${proto}`,
      url,
      payload: `{"${proto}":{"isAdmin":true}${inner}`,
    });
  }
  return probes;
};

/** Row count and content hash of every table in one query: any insert, update or delete changes it. */
const countAll = async (t: TestApp) => {
  const all = (Object.values(tables) as unknown[]).filter((tb): tb is PgTable => is(tb, PgTable));
  const parts = all.map(
    (tb) =>
      sql`select ${getTableName(tb)} as t, count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as h
            from ${sql.identifier(getTableName(tb))} r`,
  );
  const result = await t.database.db.execute(sql.join(parts, sql` union all `));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
};

describe("hostile input at every route, generated from the route table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers every probe with a 4xx envelope and writes nothing", async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(100);
    const querySchemas = t.app.querySchemas as Map<string, JsonSchema | undefined>;
    expect([...querySchemas.values()].filter(Boolean).length).toBeGreaterThan(15);
    // Real rows of the caller's own firm, so a probe passes the tenant guard and meets the input guard.
    const firm = (await t.database.db.execute(
      sql`select id::text as id from workspaces where name_en = 'Mingde Law Firm'`,
    )) as unknown as { rows: { id: string }[] };
    const ownIdOf = async (route: RouteEntry) => {
      if (!route.tenantTable) return firm.rows[0].id;
      const result = await t.database.db.execute(
        sql`select id::text as id from ${sql.identifier(route.tenantTable)} where workspace_id = ${firm.rows[0].id} limit 1`,
      );
      return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? firm.rows[0].id;
    };
    let token = await t.login("admin");
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const ownId = await ownIdOf(route);
      let before = await countAll(t);
      for (const probe of probesFor(
        route,
        ownId,
        querySchemas.get(`${route.method} ${route.url}`),
      )) {
        probes += 1;
        const res = await Promise.race([
          t.app.inject({
            method: route.method as "GET",
            url: probe.url,
            headers: {
              authorization: `Bearer ${token}`,
              lang: "en",
              ...(probe.payload ? { "content-type": "application/json" } : {}),
            },
            ...(probe.payload ? { payload: probe.payload } : {}),
          }),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000)),
        ]);
        const where = `${route.method} ${route.url} [${probe.what}]`;
        if (!res) {
          failures.push(`${where}: no answer within 5 s`);
          continue;
        }
        if (res.statusCode < 400 || res.statusCode >= 500)
          failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else {
          const body = res.json() as { code?: unknown; msg?: unknown; data?: unknown };
          if (typeof body.code !== "number" || typeof body.msg !== "string" || !("data" in body)) {
            failures.push(`${where}: not an envelope: ${res.body.slice(0, 120)}`);
          }
        }
        // A probe must never end the sign-in; if one did, sign in again so the rest still run.
        if (res.statusCode === 401 && route.credential !== "ticket") {
          token = await t.login("admin");
          before = await countAll(t); // the new sign-in's own rows
        }
      }
      if ((await countAll(t)) !== before)
        failures.push(`${route.method} ${route.url}: wrote to the database`);
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(3000);
  }, 300_000);
});
