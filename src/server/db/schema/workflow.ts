import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { Definition } from "../../../shared/workflow/model";
import type { TextParts } from "../../../shared/workflow/text-parts";
import { now } from "./columns";
import { workspaces } from "./identity";

const audit = () => ({
  createdAt: now(),
  createdBy: uuid("created_by"),
  updatedAt: now(),
  updatedBy: uuid("updated_by"),
});

/** A workflow: its editable draft and a pointer to the version new instances use. */
export const workflowDefinitions = pgTable(
  "workflow_definitions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    key: text().notNull(),
    kind: text().notNull(),
    name: text().notNull(),
    draft: jsonb().$type<Definition>().notNull(),
    isEnabled: boolean("is_enabled").notNull().default(false),
    isArchived: boolean("is_archived").notNull().default(false),
    currentVersionId: uuid("current_version_id"),
    currentVersionNo: integer("current_version_no").notNull().default(0),
    ...audit(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("workflow_definitions_key_uq").on(t.workspaceId, t.key),
    // Business kinds other than general have one enabled definition per firm.
    uniqueIndex("workflow_definitions_kind_uq")
      .on(t.workspaceId, t.kind)
      .where(sql`${t.isEnabled} and ${t.kind} <> 'general'`),
  ],
);

/** Immutable snapshots: an instance keeps the version it started on for life. */
export const workflowDefinitionVersions = pgTable(
  "workflow_definition_versions",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    definitionId: uuid("definition_id").notNull(),
    number: integer().notNull(),
    flow: jsonb().$type<Definition>().notNull(),
    publishedBy: uuid("published_by"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("workflow_definition_versions_no_uq").on(t.workspaceId, t.definitionId, t.number),
    foreignKey({
      columns: [t.workspaceId, t.definitionId],
      foreignColumns: [workflowDefinitions.workspaceId, workflowDefinitions.id],
    }),
  ],
);

export const workflowInstances = pgTable(
  "workflow_instances",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    serial: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    definitionId: uuid("definition_id").notNull(),
    versionId: uuid("version_id").notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    /**
     * The title's parts (an i18n key and its values) for business approvals, so each reader sees
     * it in their own language; `title` keeps the submitter's text for search and old rows.
     */
    titleI18n: jsonb("title_i18n").$type<{
      key: string;
      params: Record<string, string>;
      /** Form texts the feature wrote, as parts by field (a client change's summary). */
      form?: Record<string, TextParts>;
    }>(),
    status: text().notNull(),
    initiatorId: uuid("initiator_id").notNull(),
    initiatorDeptId: uuid("initiator_dept_id"),
    form: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The engine's cursor and bookkeeping (tasks and CC rows live in their own tables). */
    state: jsonb().$type<Record<string, unknown>>().notNull(),
    businessRef: text("business_ref").notNull().default(""),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...audit(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("workflow_instances_submitted_idx").on(t.workspaceId, t.submittedAt),
    index("workflow_instances_initiator_idx").on(t.workspaceId, t.initiatorId, t.submittedAt),
    index("workflow_instances_business_idx").on(t.workspaceId, t.businessRef),
    foreignKey({
      columns: [t.workspaceId, t.versionId],
      foreignColumns: [workflowDefinitionVersions.workspaceId, workflowDefinitionVersions.id],
    }),
  ],
);

export const workflowTasks = pgTable(
  "workflow_tasks",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull(),
    instanceId: uuid("instance_id").notNull(),
    seq: integer().notNull(),
    nodeId: text("node_id").notNull(),
    nodeName: text("node_name").notNull().default(""),
    activation: integer().notNull(),
    slot: integer().notNull(),
    assigneeId: uuid("assignee_id").notNull(),
    kind: text().notNull(),
    status: text().notNull(),
    parentId: uuid("parent_id"),
    groupId: uuid("group_id"),
    signType: text("sign_type"),
    groupMode: text("group_mode"),
    transferredFrom: uuid("transferred_from"),
    auto: text(),
    reason: text(),
    pass: integer().notNull(),
    comment: text(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("workflow_tasks_instance_idx").on(t.workspaceId, t.instanceId),
    // The approval centre's Pending tab: my pending rows, newest first.
    index("workflow_tasks_pending_idx")
      .on(t.workspaceId, t.assigneeId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Handled: rows I closed myself.
    index("workflow_tasks_handled_idx")
      .on(t.workspaceId, t.assigneeId, t.closedAt)
      .where(
        sql`${t.auto} is null and ${t.status} in ('accepted','rejected','returned','transferred')`,
      ),
    foreignKey({
      columns: [t.workspaceId, t.instanceId],
      foreignColumns: [workflowInstances.workspaceId, workflowInstances.id],
    }),
  ],
);

/** The timeline: every step with its comment and attachments (document file ids). */
export const workflowEvents = pgTable(
  "workflow_events",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    instanceId: uuid("instance_id").notNull(),
    seq: integer().notNull(),
    type: text().notNull(),
    nodeId: text("node_id"),
    taskId: uuid("task_id"),
    actorId: uuid("actor_id"),
    comment: text(),
    attachments: jsonb().$type<string[]>().notNull().default([]),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("workflow_events_seq_uq").on(t.workspaceId, t.instanceId, t.seq),
    foreignKey({
      columns: [t.workspaceId, t.instanceId],
      foreignColumns: [workflowInstances.workspaceId, workflowInstances.id],
    }),
  ],
);

/** One row per (instance, person) CC'd; a repeat refreshes it and makes it unread again. */
export const workflowCc = pgTable(
  "workflow_cc",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    instanceId: uuid("instance_id").notNull(),
    userId: uuid("user_id").notNull(),
    nodeId: text("node_id"),
    byUserId: uuid("by_user_id"),
    isRead: boolean("is_read").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    ccAt: timestamp("cc_at", { withTimezone: true }).notNull().defaultNow(),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("workflow_cc_uq").on(t.workspaceId, t.instanceId, t.userId),
    index("workflow_cc_user_idx").on(t.workspaceId, t.userId, t.ccAt),
    foreignKey({
      columns: [t.workspaceId, t.instanceId],
      foreignColumns: [workflowInstances.workspaceId, workflowInstances.id],
    }),
  ],
);

/** Idempotency keys: a replayed action gets its first answer (kept 7 days). */
export const workflowActionLog = pgTable(
  "workflow_action_log",
  {
    workspaceId: uuid("workspace_id").notNull(),
    actorId: uuid("actor_id").notNull(),
    key: uuid().notNull(),
    payloadHash: text("payload_hash").notNull(),
    response: jsonb().$type<Record<string, unknown>>(),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.actorId, t.key] }),
    index("workflow_action_log_created_idx").on(t.createdAt),
  ],
);
