import Ajv from "ajv";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as tables from "../../src/server/db/tables";
import type { RouteEntry } from "../../src/server/plugins/auth";
import type { FieldDef, ResourceRegistry } from "../../src/server/schema-engine/types";
import { createTestApp, type TestApp } from "../fixtures/app";

/**
 * Generated from the route table (bodies and querystrings, Fastify's onRoute) and from the
 * resource schemas (their fields as every schema list filters them), so a route or field added
 * later is covered: every date and date-time gets days the calendar does not have and year 0000,
 * every number filter gets "abc" and "1,5". Each answer must be a translated 4xx naming the field
 * (the message differs between zh-CN and en) and no table may change.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  readOnly?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  "x-when"?: Record<string, string>;
};

const BAD: Record<string, string[]> = {
  date: ["2031-02-30", "2026-02-29", "0000-01-01"],
  "date-time": [
    "2031-02-30T10:00:00Z",
    "2031-02-30T10:00Z",
    "2026-02-29T10:00:00+08:00",
    "0000-01-01T00:00:00Z",
  ],
  number: ["abc", "1,5"],
};

/** `control`: the same request with a real date, sent when the probe meets a record closed to changes. */
type Probe = {
  where: string;
  field: string;
  method: string;
  url: string;
  payload?: unknown;
  control?: unknown;
};

const GOOD: Record<string, string> = { date: "2026-01-05", "date-time": "2026-01-05T09:00:00Z" };

/** Every non-read-only date or date-time a body schema names, with the path to it. */
const datePaths = (
  schema: JsonSchema | undefined,
  at: string[] = [],
): { path: string[]; format: string; when?: Record<string, string> }[] => {
  if (!schema) return [];
  if (schema.format === "date" || schema.format === "date-time")
    return schema.readOnly ? [] : [{ path: at, format: schema.format }];
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, sub]) =>
    datePaths(sub, [...at, key]).map((p) =>
      at.length === 0 && sub["x-when"] ? { ...p, when: sub["x-when"] } : p,
    ),
  );
  return schema.items ? [...own, ...datePaths(schema.items, [...at, "0"])] : own;
};

const setAt = (path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return /^\d+$/.test(head) ? [setAt(rest, value)] : { [head]: setAt(rest, value) };
};

/** What a schema list's filter must be: the column's SQL type, else the schema's. */
const filterKind = (field: FieldDef) => {
  const sqlType = field.column?.getSQLType().toLowerCase() ?? "";
  if (field.isDate || sqlType === "date") return "date";
  if (field.isDateTime || sqlType.startsWith("timestamp")) return "date-time";
  const s = field.schema as JsonSchema & { "x-decimal"?: unknown; "x-format"?: string };
  const isNumber =
    field.kind === "number" ||
    field.kind === "integer" ||
    s["x-decimal"] ||
    s["x-format"] === "money";
  return isNumber || /^(numeric|integer|smallint|bigint)/.test(sqlType) ? "number" : undefined;
};

/** Row count and content hash of every table: any insert, update or delete changes it. */
const snapshot = async (t: TestApp) => {
  const all = (Object.values(tables) as unknown[]).filter((tb): tb is PgTable => is(tb, PgTable));
  const parts = all.map(
    (
      tb,
    ) => sql`select ${getTableName(tb)} as t, count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as h
                from ${sql.identifier(getTableName(tb))} r`,
  );
  return JSON.stringify(
    (
      (await t.database.db.execute(sql.join(parts, sql` union all `))) as unknown as {
        rows: unknown[];
      }
    ).rows,
  );
};

describe("impossible dates and malformed numbers at every route, generated", () => {
  let t: TestApp;
  let firmId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const firm = (await t.database.db.execute(
      sql`select id::text as id from workspaces where name_en = 'Mingde Law Firm'`,
    )) as unknown as { rows: { id: string }[] };
    firmId = firm.rows[0].id;
    // Both languages' sign-ins happen now, so they are not counted as writes below.
    await t.as("admin", { lang: "en" });
  });
  afterAll(() => t.close());

  /** A row of the caller's own firm for `:id`, and its version, so a probe meets validation. */
  const ownRow = async (route: RouteEntry) => {
    if (!route.tenantTable) return { id: firmId, version: 1 };
    const result = (await t.database.db.execute(
      sql`select id::text as id, (to_jsonb(r) ->> 'version')::int as version from ${sql.identifier(route.tenantTable)} r where workspace_id = ${firmId} limit 1`,
    )) as unknown as { rows: { id: string; version: number | null }[] };
    return { id: result.rows[0]?.id ?? firmId, version: result.rows[0]?.version ?? 1 };
  };

  /**
   * The route's URL with each `:param` filled by a value its params schema takes: the own row's id,
   * else one of the schema's enum values or a registered report key (a random uuid may or may not
   * match a key's pattern, which made the probe's answer depend on the draw).
   */
  const ajv = new Ajv({ strict: false });
  const fillParams = (route: RouteEntry, id: string) => {
    const schema = t.app.paramSchemas.get(`${route.method} ${route.url}`) as JsonSchema | undefined;
    return route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const sub = schema?.properties?.[name] as (JsonSchema & { enum?: string[] }) | undefined;
      if (!sub) return id;
      const reportKeys = (t.app as unknown as { reports: { all: () => { key: string }[] } }).reports
        .all()
        .map((r) => r.key);
      const fits = ajv.compile(sub);
      return [id, ...(sub.enum ?? []), ...reportKeys].find((v) => fits(v)) ?? id;
    });
  };

  const bodyProbes = async (route: RouteEntry): Promise<Probe[]> => {
    const paths = datePaths(route.bodySchema as JsonSchema | undefined);
    if (paths.length === 0) return [];
    const row = await ownRow(route);
    const url = fillParams(route, row.id);
    const hasVersion = Boolean((route.bodySchema as JsonSchema).properties?.version);
    return paths.flatMap(({ path, format, when }) =>
      BAD[format].map((value) => ({
        where: `${route.method} ${route.url} body ${path.join(".")}=${value}`,
        field: path.join("."),
        method: route.method,
        url,
        payload: {
          ...(hasVersion ? { version: row.version } : {}),
          ...when,
          ...(setAt(path, value) as object),
        },
        control: {
          ...(hasVersion ? { version: row.version } : {}),
          ...when,
          ...(setAt(path, GOOD[format]) as object),
        },
      })),
    );
  };

  const queryProbes = async (
    route: RouteEntry,
    schema: JsonSchema | undefined,
  ): Promise<Probe[]> => {
    const url = fillParams(route, (await ownRow(route)).id);
    return Object.entries(schema?.properties ?? {}).flatMap(([name, sub]) => {
      const type = [sub.type].flat()[0];
      const kind =
        sub.format === "date" || sub.format === "date-time"
          ? sub.format
          : type === "integer" || type === "number"
            ? "number"
            : undefined;
      if (!kind) return [];
      return BAD[kind].map((value) => ({
        where: `${route.method} ${route.url}?${name}=${value}`,
        field: name,
        method: route.method,
        url: `${url}?${name}=${encodeURIComponent(value)}`,
      }));
    });
  };

  /** Every schema list (and its export) filtered by each date and number field, with each operator. */
  const schemaListProbes = (registry: ResourceRegistry, routes: RouteEntry[]): Probe[] =>
    registry.all().flatMap((res) => {
      const lists = routes.filter(
        (r) =>
          r.method === "GET" &&
          (r.url === `/api/${res.name}` || r.url === `/api/${res.name}/export`),
      );
      expect(lists.length, res.name).toBe(2);
      return res.fields.flatMap((field) => {
        const kind = filterKind(field);
        if (!kind) return [];
        return lists.flatMap((list) =>
          ["", "_gte", "_lte", "_ne"].flatMap((op) =>
            BAD[kind].map((value) => ({
              where: `GET ${list.url}?${field.key}${op}=${value}`,
              field: `${field.key}${op}`,
              method: "GET",
              url: `${list.url}?${field.key}${op}=${encodeURIComponent(value)}`,
            })),
          ),
        );
      });
    });

  /** Sends a probe in both languages; a failure is described, an answer that passes gives undefined. */
  const check = async (probe: Probe) => {
    const send = async (lang: string, payload = probe.payload) =>
      t.app.inject({
        method: probe.method as "GET",
        url: probe.url,
        headers: await t.as("admin", { lang }),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const [en, zh] = [await send("en"), await send("zh-CN")];
    if (en.statusCode < 400 || en.statusCode >= 500)
      return `${probe.where}: ${en.statusCode} ${en.body.slice(0, 160)}`;
    const [a, b] = [en.json(), zh.json()] as {
      code: number;
      msg: string;
      data: { fields?: { field: string }[] } | null;
    }[];
    if (a.code !== en.statusCode || a.msg === b.msg)
      return `${probe.where}: not translated (${a.msg} / ${b.msg})`;
    // A record closed to every change (a filed seal request, a billed time entry) is refused
    // before its fields are read: the same request with a real date must get the same answer.
    if (en.statusCode === 409 && probe.control !== undefined) {
      const control = await send("en", probe.control);
      return control.statusCode === 409 && control.json().msg === a.msg
        ? undefined
        : `${probe.where}: 409, but a real date gets ${control.statusCode}`;
    }
    if (!a.data?.fields?.some((f) => f.field === probe.field))
      return `${probe.where}: does not name ${probe.field}: ${en.body.slice(0, 200)}`;
    return undefined;
  };

  it("refuses every date, date-time and number a route or list filter takes, naming it, and writes nothing", async () => {
    const routes = t.app.routeTable;
    const querySchemas = t.app.querySchemas as Map<string, JsonSchema | undefined>;
    const registry = (t.app as unknown as { resources: ResourceRegistry }).resources;
    const failures: string[] = [];
    let probes = 0;
    const before = await snapshot(t);
    for (const route of routes) {
      const list = [
        ...(await bodyProbes(route)),
        ...(await queryProbes(route, querySchemas.get(`${route.method} ${route.url}`))),
      ];
      for (const probe of list) {
        probes += 1;
        const failure = await check(probe);
        if (failure) failures.push(failure);
      }
    }
    const listProbes = schemaListProbes(registry, routes);
    for (const probe of listProbes) {
      const failure = await check(probe);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(t)).toBe(before);
    // The brief's own cases are among those generated.
    expect(listProbes.map((p) => p.where)).toEqual(
      expect.arrayContaining([
        "GET /api/cases?amount_gte=abc",
        "GET /api/contracts?amount_gte=abc",
        "GET /api/case-payments?amount_gte=abc",
        "GET /api/cases?serviceStart_gte=2031-02-30",
      ]),
    );
    expect(probes).toBeGreaterThan(150);
    expect(listProbes.length).toBeGreaterThan(300);
  }, 600_000);

  it("finds a date format on every route field named like a date, so none escapes the probes above", () => {
    const looksLikeDate =
      /(Date|At|On|Due|Before|Start|End|Until)(_gte|_lte)?$|^(day|date|from|to)$/;
    const unmarked: string[] = [];
    const walk = (where: string, schema: JsonSchema | undefined) => {
      for (const [name, sub] of Object.entries(schema?.properties ?? {})) {
        if (
          looksLikeDate.test(name) &&
          !("enum" in sub) &&
          sub.format !== "date" &&
          sub.format !== "date-time"
        )
          unmarked.push(`${where} ${name}`);
        walk(where, sub);
      }
      if (schema?.items) walk(where, schema.items);
    };
    for (const route of t.app.routeTable)
      walk(`${route.method} ${route.url}`, route.bodySchema as JsonSchema | undefined);
    for (const [route, schema] of t.app.querySchemas as Map<string, JsonSchema | undefined>)
      walk(route, schema);
    expect(unmarked).toEqual([]);
  });
});
