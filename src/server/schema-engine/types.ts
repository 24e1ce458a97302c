import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ValidateFunction } from "ajv";

import type {
  FieldSchema,
  FilterType,
  OptionsSpec,
  ResourceSchema,
} from "../../shared/schema-vocabulary";
import type { Subject } from "../../shared/permissions";
import type { RequestCtx } from "../lib/request-ctx";

/** A table a schema-driven resource is stored in: the shared record columns plus its own. */
export type RecordTable = PgTable & {
  workspaceId: PgColumn;
  id: PgColumn;
  custom: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  createdBy: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

export type RecordRow = Record<string, unknown>;

/** How a feature stores a resource; resources without a binding live in schema_records. */
export type ResourceBinding = {
  table: RecordTable;
  /** Extra condition on every query (schema_records: `resource = <name>`). */
  scope?: SQL;
  /** Values every insert carries besides the fields (schema_records: the resource name). */
  insertValues?: Record<string, unknown>;
  /** Runs before an update or delete, inside its transaction (e.g. refuse a client awaiting approval). */
  beforeChange?: (ctx: RequestCtx, before: RecordRow) => Promise<void> | void;
  /** Runs before a delete only, inside its transaction (refuse a seal with stampings on record). */
  beforeDelete?: (ctx: RequestCtx, before: RecordRow) => Promise<void> | void;
  /**
   * Runs before an update: answers the record when it took the update over (a client edit that
   * must be approved first is put up for approval instead of applied), undefined to go on.
   */
  redirectUpdate?: (
    ctx: RequestCtx,
    registry: ResourceRegistry,
    id: string,
    input: Record<string, unknown>,
  ) => Promise<RecordRow | undefined>;
  /**
   * Runs inside a create's transaction before the insert, with the validated values: answers the
   * server-owned values to add (a number), or throws (cases open only through their approval).
   */
  beforeInsert?: (
    ctx: RequestCtx,
    values: Record<string, unknown>,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Runs inside an update's transaction with the merged, validated values before they are
   * written: answers the server-owned values to set with them (a time entry's amount).
   */
  beforeUpdate?: (
    ctx: RequestCtx,
    before: RecordRow,
    values: Record<string, unknown>,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Runs inside the write's transaction after a create, update or delete (derived rows, totals). */
  afterWrite?: (
    ctx: RequestCtx,
    after: RecordRow | undefined,
    before: RecordRow | undefined,
  ) => Promise<void>;
  /**
   * Runs inside an import's transaction after each chunk of new rows: the batch hook for derived
   * rows. A resource with it gets its new rows in chunks and not through afterWrite; one without
   * it (and one with a beforeInsert) gets them one at a time, each through afterWrite as a create.
   */
  afterImport?: (ctx: RequestCtx, created: RecordRow[]) => Promise<void>;
  /** What a detail answer carries beyond the row (a pending client: the approval deciding it). */
  withDetail?: (ctx: RequestCtx, record: RecordRow) => Promise<RecordRow>;
};

/** One property of a resource schema, with what the engine needs to know about it. */
export type FieldDef = {
  key: string;
  schema: FieldSchema;
  /** The x-label i18n key; "" when the property has only a title (which is then its label). */
  label: string;
  /** The drizzle column when `x-storage: "column"`; undefined: stored in `custom`. */
  column?: PgColumn;
  kind: "string" | "number" | "integer" | "boolean" | "array" | "object";
  isDate: boolean;
  isDateTime: boolean;
  isReadOnly: boolean;
  isUnique: boolean;
  filter?: FilterType;
  options?: OptionsSpec;
  when?: Record<string, string>;
};

export type Resource = {
  name: string;
  /** Path of the schema file, for messages. */
  file: string;
  schema: ResourceSchema;
  subject: Subject;
  validate: ValidateFunction;
  fields: FieldDef[];
  byKey: Map<string, FieldDef>;
  binding: ResourceBinding;
  columns: Record<string, PgColumn>;
};

export type ResourceRegistry = {
  get: (name: string) => Resource | undefined;
  all: () => Resource[];
};
