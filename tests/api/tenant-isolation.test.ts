import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RouteEntry } from "../../src/server/plugins/auth";
import { workspaces } from "../../src/server/db/tables";
import { createTokenSigner, TICKET_AUDIENCE } from "../../src/server/lib/tokens";
import { createTestApp, type TestApp } from "../fixtures/app";
import { markersOf, snapshotWorkspace, tenantTables } from "../fixtures/tenant-snapshot";

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
};

/** A body that passes the route's own schema, aimed at the other firm wherever an id fits. */
const sampleFor = (schema: JsonSchema | undefined, foreignId: string): unknown => {
  if (!schema) return {};
  if (schema.enum) return schema.enum[0];
  // "a uuid or null" and the like: the first alternative, so a foreign id still goes in.
  const alternatives =
    (schema as { anyOf?: JsonSchema[]; oneOf?: JsonSchema[] }).anyOf ??
    (schema as { oneOf?: JsonSchema[] }).oneOf;
  if (alternatives?.length) return sampleFor(alternatives[0], foreignId);
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, sub]) => [
          key,
          sampleFor(sub, foreignId),
        ]),
      );
    case "array": {
      // As many items as the route needs, so a required list does not stop the probe early.
      const { items, minItems = 0 } = schema as { items?: JsonSchema; minItems?: number };
      return Array.from({ length: minItems }, () => sampleFor(items, foreignId));
    }
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      // A valid value of every format the routes use, so the body passes validation and the
      // foreign id inside it is what the route has to refuse.
      if (schema.format === "uuid") return foreignId;
      if (schema.format === "date-time") return "2026-01-05T09:00:00.000Z";
      if (
        schema.format === "date" ||
        /\\d\{4\}-/.test(String((schema as { pattern?: string }).pattern ?? ""))
      )
        return "2026-01-05";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
};

/**
 * Path parameters that name no row: a real value of each, so the route answers with its firm-A
 * figures and the check below looks for firm B's markers in them.
 */
const NAMED_PARAMS: Record<string, string> = { key: "top-clients" };

describe("tenant isolation, generated from the route table", () => {
  let t: TestApp;
  let firmA: string;
  let firmB: string;
  let markers: string[];
  beforeAll(async () => {
    t = await createTestApp();
    const [a] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Mingde Law Firm"));
    const [b] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Zhengheng Law Firm"));
    firmA = a.id;
    firmB = b.id;
    markers = await markersOf(t.database.db, firmB, firmA);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  /** A stream never ends: read its first event over a real socket, then hang up. */
  const openStream = async (url: string, token: string) => {
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { authorization: `Bearer ${token}`, lang: "en" },
      signal: controller.signal,
    });
    const first = res.body ? await res.body.getReader().read() : { value: undefined };
    controller.abort();
    return {
      statusCode: res.status,
      body: new TextDecoder().decode(first.value ?? new Uint8Array()),
    };
  };
  afterAll(() => t.close());

  const foreignRowId = async (route: RouteEntry) => {
    if (!/:id\b/.test(route.url)) return firmB;
    const table = tenantTables().find((tb) => getTableName(tb) === route.tenantTable);
    if (!table)
      throw new Error(`${route.method} ${route.url} has an :id but no config.tenantTable`);
    const result = await t.database.db.execute(
      sql`select id::text as id from ${sql.identifier(getTableName(table))} where workspace_id = ${firmB} limit 1`,
    );
    const row = (result as unknown as { rows: { id: string }[] }).rows[0];
    if (!row) throw new Error(`the seed has no ${route.tenantTable} row in the second firm`);
    return row.id;
  };

  /**
   * A `credential: "ticket"` route takes no Bearer header: it gets a ticket of the same sign-in,
   * correctly signed and naming firm B's row, so only the firm scoping can stop it.
   */
  const withTicket = async (route: RouteEntry, url: string, token: string, id: string) => {
    if (route.credential !== "ticket") return url;
    const { sid, sub } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
      sid: string;
      sub: string;
    };
    // The ticket names exactly what the URL asks for (an approval's file: the approval and the file).
    const fileId = /\/files\/([^/?]+)\/download/.exec(url)?.[1];
    const target =
      route.tenantTable === "folders"
        ? { kind: "folder", id }
        : route.tenantTable === "workflow_instances"
          ? { kind: "approvalFile", id, fileId }
          : { kind: "file", id };
    const ticket = await createTokenSigner(t.app.config.jwtSecret).sign(
      { sid, ws: firmA, target },
      TICKET_AUDIENCE,
      sub,
      new Date(Date.now() + 60_000),
    );
    return `${url}${url.includes("?") ? "&" : "?"}ticket=${ticket}`;
  };

  it("covers every authenticated route", () => {
    const routes = t.app.routeTable.filter((r) => r.permission !== "public");
    expect(routes.length).toBeGreaterThan(5);
  });

  it("never lets firm A's admin read or change firm B's rows", async () => {
    const routes = t.app.routeTable.filter((r) => r.permission !== "public");
    const failures: string[] = [];
    for (const route of routes) {
      const id = await foreignRowId(route);
      // A fresh sign-in per route: a route such as logout may end the one before.
      const token = await t.login("admin");
      const url = await withTicket(
        route,
        route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => NAMED_PARAMS[name] ?? id),
        token,
        id,
      );
      const before = await snapshotWorkspace(t.database.db, firmB);
      const res = route.isStream
        ? await openStream(url, token)
        : await t.app.inject({
            method: route.method as "GET",
            url,
            headers: { authorization: `Bearer ${token}`, lang: "en" },
            ...(route.method === "GET" || route.method === "DELETE"
              ? {}
              : { payload: sampleFor(route.bodySchema as JsonSchema, id) as object }),
          });
      const after = await snapshotWorkspace(t.database.db, firmB);
      const where = `${route.method} ${route.url} -> ${res.statusCode}`;
      if (JSON.stringify(after) !== JSON.stringify(before))
        failures.push(`${where}: changed firm B`);
      const leaked = markers.filter((m) => res.body.includes(m));
      if (leaked.length > 0) failures.push(`${where}: leaked ${leaked.join(", ")}`);
      const aimsAtB =
        /:id\b/.test(route.url) ||
        JSON.stringify(sampleFor(route.bodySchema as JsonSchema, id)).includes(firmB);
      if (aimsAtB && ![403, 404].includes(res.statusCode))
        failures.push(`${where}: expected 403/404`);
    }
    expect(failures).toEqual([]);
    // Every route costs a sign-in and two snapshots of firm B: it grows with the route table.
  }, 300_000);
});
