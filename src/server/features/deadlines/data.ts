import { and, eq, gte, lte, sql } from "drizzle-orm";

import {
  DEADLINE_KINDS,
  type DeadlineKind,
  type DeadlineRule,
  type DeadlineType,
  MAX_REMINDER_OFFSET,
} from "../../../shared/contracts/deadlines";
import { calendarOf, type PeriodUnit } from "../../../shared/deadline-compute";
import type { Db } from "../../db/client";
import {
  deadlineRules,
  dictionaryItems,
  dictionaryTypes,
  holidayDays,
  keyDates,
} from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

type Scope = { db: Db; workspaceId: string };

/** The firm's holiday calendar from `fromYear` on (a deadline never reaches back). */
export const loadCalendar = async (ctx: Scope, fromYear: number, toYear = fromYear + 10) => {
  const rows = await ctx.db
    .select({ day: holidayDays.day, kind: holidayDays.kind })
    .from(holidayDays)
    .where(
      and(
        eq(holidayDays.workspaceId, ctx.workspaceId),
        gte(holidayDays.day, `${fromYear}-01-01`),
        lte(holidayDays.day, `${toYear}-12-31`),
      ),
    );
  return calendarOf(rows);
};

/** A text kept in Chinese and English, in the reader's language, the other when that one is empty. */
export const inLanguage = (
  zh: string | null | undefined,
  en: string | null | undefined,
  lang: string,
) => (lang === "en" ? en || zh : zh || en) ?? "";

/** A key date's title in the reader's language (its English one is set only when not typed). */
export const keyDateTitle = (lang: string) =>
  lang === "en"
    ? sql<string>`coalesce(nullif(${keyDates.titleEn}, ''), ${keyDates.title})`.as("title")
    : keyDates.title;

/** A key-date row as the reader sees it: the title in their language. */
export const titledIn = <T extends { title: string; titleEn: string | null }>(
  row: T,
  lang: string,
): T => ({ ...row, title: inLanguage(row.title, row.titleEn, lang) });

export const findRule = async (ctx: Scope, code: string) => {
  const [rule] = await ctx.db
    .select()
    .from(deadlineRules)
    .where(inWorkspace(ctx, deadlineRules, eq(deadlineRules.code, code)));
  return rule;
};

/** A rule as the reader sees it: its name and trigger in their language. */
export const ruleIn = (rule: typeof deadlineRules.$inferSelect, lang: string): DeadlineRule => ({
  code: rule.code,
  name: inLanguage(rule.name, rule.nameEn, lang),
  deadlineType: rule.deadlineType,
  amount: rule.amount,
  unit: rule.unit as PeriodUnit,
  triggerLabel: inLanguage(rule.triggerLabel, rule.triggerLabelEn, lang),
  basis: rule.basis,
});

export const listRules = async (ctx: Scope & { lang: string }) => {
  const rows = await ctx.db
    .select()
    .from(deadlineRules)
    .where(inWorkspace(ctx, deadlineRules))
    .orderBy(deadlineRules.deadlineType, deadlineRules.code);
  return rows.map((r) => ruleIn(r, ctx.lang));
};

const kindOf = (value: unknown): DeadlineKind =>
  (DEADLINE_KINDS as readonly unknown[]).includes(value) ? (value as DeadlineKind) : "deadline";

const offsetsOf = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((v): v is number => Number.isInteger(v) && v >= 0 && v <= MAX_REMINDER_OFFSET)
    : [7, 3, 1, 0];

/** The firm's key-date types (the `deadline-type` dictionary), with their default reminder offsets. */
export const loadDeadlineTypes = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
): Promise<Map<string, DeadlineType>> => {
  const rows = await ctx.db
    .select({
      code: dictionaryItems.code,
      labelZh: dictionaryItems.labelZh,
      labelEn: dictionaryItems.labelEn,
      attributes: dictionaryItems.attributes,
    })
    .from(dictionaryItems)
    .innerJoin(
      dictionaryTypes,
      and(
        eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
        eq(dictionaryTypes.id, dictionaryItems.typeId),
      ),
    )
    .where(
      and(
        eq(dictionaryItems.workspaceId, ctx.workspaceId),
        eq(dictionaryTypes.code, "deadline-type"),
        eq(dictionaryItems.isEnabled, true),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.code,
      {
        code: r.code,
        labelZh: r.labelZh,
        labelEn: r.labelEn,
        kind: kindOf(r.attributes.kind),
        reminderOffsets: offsetsOf(r.attributes.reminderOffsets),
        color: r.attributes.color as string | undefined,
      },
    ]),
  );
};
