import { sql } from "drizzle-orm";

import { caseNumberCounters } from "../../db/tables";
import { firmYearOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { readCaseSettings, typeCharOf } from "./settings";

/** Fills a number format: {year}, {firm}, {type}, {seq} or {seq:N} zero-padded to N digits. */
export const formatCaseNumber = (
  format: string,
  parts: { year: number; firm: string; type: string; seq: number },
) =>
  format.replace(/\{(year|firm|type|seq)(?::([1-9]))?\}/g, (_m, key: string, pad?: string) => {
    if (key === "seq") return String(parts.seq).padStart(Number(pad ?? 1), "0");
    return String(parts[key as "year" | "firm" | "type"]);
  });

/**
 * The next value of one of the firm's yearly counters (a case type's, or another feature's under
 * its own key). The counter row is inserted or bumped in one statement, which locks it until the
 * caller's transaction ends: concurrent callers queue on it and get consecutive numbers, and a
 * rolled-back one gives its number back (no gaps, never max()+1).
 */
export const nextCounterValue = async (ctx: RequestCtx, key: string, year: number) => {
  const [{ seq }] = await ctx.db
    .insert(caseNumberCounters)
    .values({ workspaceId: ctx.workspaceId, year, caseType: key, lastValue: 1 })
    .onConflictDoUpdate({
      target: [
        caseNumberCounters.workspaceId,
        caseNumberCounters.year,
        caseNumberCounters.caseType,
      ],
      set: { lastValue: sql`${caseNumberCounters.lastValue} + 1` },
    })
    .returning({ seq: caseNumberCounters.lastValue });
  return seq;
};

/** The next internal number of a case type this year (the counter's lock orders concurrent approvals). */
export const nextCaseNumber = async (ctx: RequestCtx, caseType: string, at: Date) => {
  // The year on the firm's clock: a case opened at 00:30 on 1 January in the firm is numbered in the new year.
  const year = firmYearOf(at, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  const seq = await nextCounterValue(ctx, caseType, year);
  const settings = await readCaseSettings(ctx);
  return formatCaseNumber(settings.numberFormat, {
    year,
    firm: settings.firmShortName,
    type: await typeCharOf(ctx, caseType),
    seq,
  });
};
