import { sql } from "drizzle-orm";
import {
  check,
  date,
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

import type { KeyDateSource, KeyDateStatus } from "../../../shared/contracts/deadlines";
import type {
  ChecklistItem,
  TaskComment,
  TaskPriority,
  TaskStatus,
} from "../../../shared/contracts/tasks";
import { recordColumns } from "./accounts";
import { cases } from "./cases";
import { now } from "./columns";
import { workspaces } from "./identity";

/**
 * The firm's holiday calendar (schemas/holiday-days.schema.json): statutory holidays ("holiday")
 * and the make-up working days on weekends ("workday", 调休). A year with no row at all has no
 * calendar and every computation reaching into it is flagged.
 */
export const holidayDays = pgTable(
  "holiday_days",
  {
    ...recordColumns(),
    day: date().notNull(),
    kind: text().notNull(),
    name: text().notNull(),
    /** The name for English readers; empty: they see the Chinese one. */
    nameEn: text("name_en"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("holiday_days_day_uq").on(t.workspaceId, t.day),
    check("holiday_days_kind_ck", sql`${t.kind} in ('holiday', 'workday')`),
  ],
);

/** How a deadline follows from its trigger (schemas/deadline-rules.schema.json). */
export const deadlineRules = pgTable(
  "deadline_rules",
  {
    ...recordColumns(),
    code: text().notNull(),
    name: text().notNull(),
    /** The name for English readers; empty: they see the Chinese one. */
    nameEn: text("name_en"),
    /** A `deadline-type` dictionary item. */
    deadlineType: text("deadline_type").notNull(),
    amount: integer().notNull(),
    /** "day", "month" or "year". */
    unit: text().notNull(),
    /** What the trigger is ("judgment served"), shown beside the date the user enters. */
    triggerLabel: text("trigger_label").notNull(),
    triggerLabelEn: text("trigger_label_en"),
    basis: text(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("deadline_rules_code_uq").on(t.workspaceId, t.code),
    check("deadline_rules_amount_ck", sql`${t.amount} > 0 and ${t.amount} <= 3650`),
  ],
);

/** Tasks and deadlines to create per case type and stage (schemas/task-templates.schema.json). */
export const taskTemplates = pgTable(
  "task_templates",
  {
    ...recordColumns(),
    name: text().notNull(),
    caseType: text("case_type").notNull(),
    stage: text().notNull(),
    /** [{ kind: "task" | "deadline", title, deadlineType?, offsetDays, priority? }] */
    items: jsonb().$type<unknown[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("task_templates_type_idx").on(t.workspaceId, t.caseType, t.stage),
  ],
);

/** Typed key dates of a case (hearings, appeal periods, limitation, …). */
export const keyDates = pgTable(
  "key_dates",
  {
    ...recordColumns(),
    caseId: uuid("case_id").notNull(),
    deadlineType: text("deadline_type").notNull(),
    title: text().notNull(),
    /**
     * The English title when the title was not typed but given by the product (a rule's name, a
     * type's label): English readers see it, everyone else `title`. A typed title leaves it null.
     */
    titleEn: text("title_en"),
    /** The calendar date it falls due, in the firm's time zone. */
    dueDate: date("due_date").notNull(),
    /** A hearing's start. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    court: text(),
    courtroom: text(),
    judge: text(),
    /** What was frozen or seized (preservation). */
    subject: text(),
    /** "computed", "court-notice" or "manual". */
    source: text().$type<KeyDateSource>().notNull(),
    ruleCode: text("rule_code"),
    triggerDate: date("trigger_date"),
    /** Days the computation moved the last day off a holiday or rest day. */
    shiftedFrom: date("shifted_from"),
    /** Years the computation crossed that had no holiday calendar. */
    missingYears: integer("missing_years")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    responsibleId: uuid("responsible_id").notNull(),
    /** "open", "done" or "void" (no longer applies, with a reason). */
    status: text().$type<KeyDateStatus>().notNull().default("open"),
    voidReason: text("void_reason"),
    /**
     * Who last set the date: the creator, then whoever re-dated it. The second sign-off must come
     * from someone else, so a re-dater cannot confirm the date they just changed.
     */
    datedBy: uuid("dated_by").notNull(),
    confirmedBy: uuid("confirmed_by"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Days before the due date a reminder goes out (0: on the day). */
    reminderOffsets: integer("reminder_offsets").array().notNull(),
    note: text(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("key_dates_case_idx").on(t.workspaceId, t.caseId, t.dueDate),
    index("key_dates_due_idx").on(t.workspaceId, t.dueDate, t.id),
    index("key_dates_responsible_idx").on(t.workspaceId, t.responsibleId, t.dueDate),
    // The deadlines report: a period's key dates with what their outcome and person need, read
    // from the index alone (a year of a large firm is some 90 000 of them).
    index("key_dates_outcome_idx").on(
      t.workspaceId,
      t.dueDate,
      t.status,
      t.updatedAt,
      t.responsibleId,
    ),
    check("key_dates_status_ck", sql`${t.status} in ('open', 'done', 'void')`),
  ],
);

/**
 * One row per reminder to send (a key date's offset, or its overdue escalation). The job claims
 * due rows with FOR UPDATE SKIP LOCKED and stamps sent_at in the same transaction as the
 * notifications, so each goes out once however many app processes run it.
 */
export const keyDateReminders = pgTable(
  "key_date_reminders",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    keyDateId: uuid("key_date_id").notNull(),
    /** "reminder" or "escalation". */
    kind: text().notNull(),
    offsetDays: integer("offset_days").notNull(),
    sendOn: date("send_on").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.keyDateId, t.kind, t.offsetDays] }),
    foreignKey({
      columns: [t.workspaceId, t.keyDateId],
      foreignColumns: [keyDates.workspaceId, keyDates.id],
    }).onDelete("cascade"),
    index("key_date_reminders_due_idx")
      .on(t.sendOn)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Tasks, on a case or on their own. */
export const tasks = pgTable(
  "tasks",
  {
    ...recordColumns(),
    caseId: uuid("case_id"),
    title: text().notNull(),
    assigneeId: uuid("assignee_id").notNull(),
    dueDate: date("due_date"),
    /** "low", "normal" or "high". */
    priority: text().$type<TaskPriority>().notNull().default("normal"),
    /** "todo", "doing" or "done". */
    status: text().$type<TaskStatus>().notNull().default("todo"),
    checklist: jsonb().$type<ChecklistItem[]>().notNull().default([]),
    comments: jsonb().$type<TaskComment[]>().notNull().default([]),
    templateId: uuid("template_id"),
    /**
     * The intake lead this task follows up (a call back, a quotation to send). No foreign key,
     * like a lead's account_id: the tasks feature checks the lead is the firm's and writable.
     */
    leadId: uuid("lead_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("tasks_assignee_idx").on(t.workspaceId, t.assigneeId, t.status, t.dueDate),
    index("tasks_case_idx").on(t.workspaceId, t.caseId),
    index("tasks_lead_idx").on(t.workspaceId, t.leadId),
    index("tasks_due_idx").on(t.workspaceId, t.dueDate),
    check("tasks_status_ck", sql`${t.status} in ('todo', 'doing', 'done')`),
    check("tasks_priority_ck", sql`${t.priority} in ('low', 'normal', 'high')`),
  ],
);

/** Ordinary calendar events (meetings, client calls), which can be moved; deadlines cannot. */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    ...recordColumns(),
    caseId: uuid("case_id"),
    title: text().notNull(),
    /** "meeting", "call" or "other". */
    kind: text().notNull().default("meeting"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    ownerId: uuid("owner_id").notNull(),
    location: text(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("calendar_events_owner_idx").on(t.workspaceId, t.ownerId, t.startsAt),
    index("calendar_events_starts_idx").on(t.workspaceId, t.startsAt),
    check("calendar_events_span_ck", sql`${t.endsAt} >= ${t.startsAt}`),
    // A bounded span gives the calendar's month query a lower bound on starts_at that the index
    // above can use (an event overlapping the month started at most this long before it).
    check("calendar_events_span_max_ck", sql`${t.endsAt} <= ${t.startsAt} + interval '31 days'`),
  ],
);

/** A member's private iCal subscription: only the token's sha256 is kept. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    uniqueIndex("calendar_feeds_token_uq").on(t.tokenHash),
  ],
);
