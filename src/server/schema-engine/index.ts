import { eq } from "drizzle-orm";

import { schemaRecords } from "../db/tables";
import type { ResourceBinding } from "./types";

/** A schema with no table of its own: its records share schema_records, told apart by `resource`. */
export const recordsBinding = (name: string): ResourceBinding => ({
  table: schemaRecords,
  scope: eq(schemaRecords.resource, name),
  insertValues: { resource: name },
});

export { loadResources, SchemaError } from "./loader";
export { schemaEngineRoutes } from "./routes";
export type { Resource, ResourceBinding, ResourceRegistry } from "./types";
