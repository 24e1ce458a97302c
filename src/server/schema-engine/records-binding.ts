import { eq, sql } from "drizzle-orm";

import { schemaRecords } from "../db/tables";
import type { RowOwner } from "../lib/row-owners";
import type { ResourceBinding } from "./types";

/** A schema-only record belongs to whoever created it. */
export const recordsRowOwners: Record<string, RowOwner> = {
  schema_records: sql`${schemaRecords.createdBy}`,
};

/** A schema with no table of its own: its records share schema_records, told apart by `resource`. */
export const recordsBinding = (name: string): ResourceBinding => ({
  table: schemaRecords,
  scope: eq(schemaRecords.resource, name),
  insertValues: { resource: name },
});
