import { sql } from "drizzle-orm";

import {
  type FeeArrangement,
  type FeeFacts,
  FeeInputError,
  computeAgreedFee,
  formatCents,
  parseCents,
  parsePercent,
  percentOfRounded,
  validateArrangement,
  validateFeeFacts,
} from "../../../shared/fees";
import type { RequestCtx } from "../../lib/request-ctx";

/** What a case's fee depends on, read in one statement; money as numeric text. */
export type CaseFeeFacts = {
  status: string;
  name: string;
  feeType: string | null;
  feeFixed: string | null;
  feePercent: string | null;
  recoveredAmount: string | null;
  /** The amount in dispute (标的额): a contingency fee "of the amount claimed" is taken of it. */
  amount: string | null;
  /** Billable hours to the hundredth, and what the billable time entries come to. */
  hours: string;
  billableTime: string;
  /** Payments received on or before the day asked about. */
  received: string;
};

/**
 * The columns of CaseFeeFacts for the case aliased `c`, with the lateral joins they read (time
 * entries and payments summed per case through their (workspace, case) indexes), so one case and
 * a batch of cases (the reminders job) are read by the same SQL.
 */
export const factsColumns = sql`c.status, c.name, c.fee_type as "feeType", c.fee_fixed::text as "feeFixed",
  c.fee_percent::text as "feePercent", c.recovered_amount::text as "recoveredAmount",
  c.amount::text as amount,
  coalesce(ft.hours, 0)::numeric(12, 2)::text as hours,
  coalesce(ft.billable, 0)::numeric(14, 2)::text as "billableTime",
  coalesce(fp.received, 0)::numeric(14, 2)::text as received`;

export const factsJoins = (today: string) => sql`
  left join lateral (
    select round(sum(minutes) filter (where billable) / 60.0, 2) as hours,
           sum(amount) filter (where billable) as billable
      from case_time_entries
     where workspace_id = c.workspace_id and case_id = c.id) ft on true
  left join lateral (
    select sum(amount) as received from case_payments
     where workspace_id = c.workspace_id and case_id = c.id and paid_on <= ${today}::date) fp on true`;

/** The case's fee facts on `today`, or undefined when the case is not the firm's. */
export const readCaseFeeFacts = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  caseId: string,
  today: string,
): Promise<CaseFeeFacts | undefined> => {
  const result = await ctx.db.execute(sql`
    select ${factsColumns} from cases c ${factsJoins(today)}
     where c.workspace_id = ${ctx.workspaceId} and c.id = ${caseId}`);
  return (result as unknown as { rows: CaseFeeFacts[] }).rows[0];
};

/** The base a contingency percentage is taken of, when the case records it. */
const baseOf = (arrangement: FeeArrangement, facts: CaseFeeFacts) => {
  const terms =
    arrangement.kind === "contingency" ||
    arrangement.kind === "semiContingency" ||
    arrangement.kind === "hybrid"
      ? arrangement.contingency
      : null;
  if (!terms) return undefined;
  const value =
    terms.base === "recovered"
      ? facts.recoveredAmount
      : terms.base === "claimed"
        ? facts.amount
        : null;
  return value ?? undefined;
};

const cents = (value: string | null) => (value === null ? null : parseCents(value));

/**
 * The fee by the case's own fee fields, the way the case's Finance tab computes it (fixed; hourly
 * = billable time; contingency = recovered × %; semi = fixed + recovered × %; hybrid = fixed +
 * time + recovered × %), but null where it cannot be known yet: a contingency before anything
 * was recovered, or a case without an arrangement.
 */
const feeByCaseFields = (facts: CaseFeeFacts): string | null => {
  const fixed = cents(facts.feeFixed);
  const time = cents(facts.billableTime) ?? 0n;
  const recovered = cents(facts.recoveredAmount);
  const percent = facts.feePercent === null ? null : parsePercent(facts.feePercent);
  const contingent =
    recovered === null || percent === null ? null : percentOfRounded(recovered, percent);
  switch (facts.feeType) {
    case "fixed":
      return fixed === null ? null : formatCents(fixed);
    case "hourly":
      return formatCents(time);
    case "contingency":
      return contingent === null ? null : formatCents(contingent);
    case "semi-contingency":
      return contingent === null ? null : formatCents((fixed ?? 0n) + contingent);
    case "hybrid":
      return formatCents((fixed ?? 0n) + time + (contingent ?? 0n));
    case "free":
      return "0.00";
    default:
      return null;
  }
};

/**
 * The agreed fee when it can be known: by the stored arrangement and the case's facts (hours
 * worked, the amount recovered or claimed), else by the case's fee fields; null while unknown.
 */
export const agreedFeeOf = (
  arrangement: FeeArrangement | null,
  facts: CaseFeeFacts,
): string | null => {
  if (!arrangement) return feeByCaseFields(facts);
  const feeFacts: FeeFacts = { hours: facts.hours, baseAmount: baseOf(arrangement, facts) };
  if (
    validateArrangement(arrangement).length > 0 ||
    validateFeeFacts(arrangement, feeFacts).length > 0
  )
    return null;
  try {
    return computeAgreedFee(arrangement, feeFacts).fee;
  } catch (error) {
    // Hours × rate past what numeric(14,2) holds: not a fee anyone can be asked for.
    if (error instanceof FeeInputError) return null;
    throw error;
  }
};
