import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import { tracked } from "./columns";
import { workspaces } from "./identity";
import { members } from "./org";

/**
 * A member's scheduled report (features/report-subscriptions): one report of the catalogue, for a
 * scope the member may view, e-mailed weekly (ISO weekday) or monthly (day 1–28) at an hour of the
 * firm's clock. `last_sent_period` is the week ("2031-W09") or month ("2031-02") the last e-mail
 * covered; the job claims the next one with a compare-and-set on it, so several app processes
 * send each period once. department_id has no foreign key: a department deleted later makes the
 * next run pause the subscription with a notice, it must not block the deletion.
 */
export const reportSubscriptions = pgTable(
  "report_subscriptions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    userId: uuid("user_id").notNull(),
    reportKey: text("report_key").notNull(),
    scope: text().notNull(),
    departmentId: uuid("department_id"),
    period: text().notNull(),
    cadence: text().notNull(),
    weekday: integer(),
    monthDay: integer("month_day"),
    hour: integer().notNull(),
    language: text().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    lastSentPeriod: text("last_sent_period"),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
    index("report_subscriptions_user_idx").on(t.workspaceId, t.userId, t.createdAt),
    // The job reads only the active ones, across firms.
    index("report_subscriptions_active_idx")
      .on(t.id)
      .where(sql`${t.isActive}`),
    check("report_subscriptions_scope_ck", sql`${t.scope} in ('firm', 'department', 'me')`),
    check(
      "report_subscriptions_department_ck",
      sql`(${t.scope} = 'department') = (${t.departmentId} is not null)`,
    ),
    check(
      "report_subscriptions_period_ck",
      sql`${t.period} in ('last', 'month', 'quarter', 'year')`,
    ),
    check(
      "report_subscriptions_schedule_ck",
      sql`(${t.cadence} = 'weekly' and ${t.weekday} between 1 and 7 and ${t.monthDay} is null)
        or (${t.cadence} = 'monthly' and ${t.monthDay} between 1 and 28 and ${t.weekday} is null)`,
    ),
    check("report_subscriptions_hour_ck", sql`${t.hour} between 0 and 23`),
    check("report_subscriptions_language_ck", sql`${t.language} in ('zh-CN', 'en')`),
  ],
);
