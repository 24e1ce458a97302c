import { and, eq, gte, lte } from "drizzle-orm";

import { calendarOf } from "../../../shared/deadline-compute";
import type { Db } from "../../db/client";
import { deadlineRules, dictionaryItems, dictionaryTypes, holidayDays } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

type Scope = { db: Db; workspaceId: string };

/** The firm's holiday calendar from `fromYear` on (a deadline never reaches back). */
export const loadCalendar = async (ctx: Scope, fromYear: number, toYear = fromYear + 10) => {
  const rows = await ctx.db
    .select({ day: holidayDays.day, kind: holidayDays.kind })
    .from(holidayDays)
    .where(and(eq(holidayDays.workspaceId, ctx.workspaceId), gte(holidayDays.day, `${fromYear}-01-01`), lte(holidayDays.day, `${toYear}-12-31`)));
  return calendarOf(rows);
};

export const findRule = async (ctx: Scope, code: string) => {
  const [rule] = await ctx.db.select().from(deadlineRules).where(inWorkspace(ctx, deadlineRules, eq(deadlineRules.code, code)));
  return rule;
};

export const listRules = (ctx: Scope) =>
  ctx.db
    .select({ code: deadlineRules.code, name: deadlineRules.name, deadlineType: deadlineRules.deadlineType, amount: deadlineRules.amount, unit: deadlineRules.unit, triggerLabel: deadlineRules.triggerLabel, basis: deadlineRules.basis })
    .from(deadlineRules)
    .where(inWorkspace(ctx, deadlineRules))
    .orderBy(deadlineRules.deadlineType, deadlineRules.code);

/**
 * How a key-date type behaves, from its dictionary item's `kind` attribute: a hearing has a time,
 * a court, a courtroom and a judge and is listed apart on the home page; a preservation names what
 * was frozen or seized; anything else is a plain deadline. A firm's own type can be either.
 */
export const DEADLINE_KINDS = ["hearing", "preservation", "deadline"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export type DeadlineType = { code: string; labelZh: string; labelEn: string; kind: DeadlineKind; reminderOffsets: number[]; color?: string };

const kindOf = (value: unknown): DeadlineKind => (DEADLINE_KINDS as readonly unknown[]).includes(value) ? (value as DeadlineKind) : "deadline";

const offsetsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v >= 0 && v <= 365) : [7, 3, 1, 0];

/** The firm's key-date types (the `deadline-type` dictionary), with their default reminder offsets. */
export const loadDeadlineTypes = async (ctx: Pick<RequestCtx, "db" | "workspaceId">): Promise<Map<string, DeadlineType>> => {
  const rows = await ctx.db
    .select({ code: dictionaryItems.code, labelZh: dictionaryItems.labelZh, labelEn: dictionaryItems.labelEn, attributes: dictionaryItems.attributes })
    .from(dictionaryItems)
    .innerJoin(dictionaryTypes, and(eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId), eq(dictionaryTypes.id, dictionaryItems.typeId)))
    .where(and(eq(dictionaryItems.workspaceId, ctx.workspaceId), eq(dictionaryTypes.code, "deadline-type"), eq(dictionaryItems.isEnabled, true)));
  return new Map(
    rows.map((r) => [
      r.code,
      { code: r.code, labelZh: r.labelZh, labelEn: r.labelEn, kind: kindOf(r.attributes.kind), reminderOffsets: offsetsOf(r.attributes.reminderOffsets), color: r.attributes.color as string | undefined },
    ]),
  );
};
