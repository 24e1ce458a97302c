/**
 * A case's fee arrangement and the fee it comes to once the facts are known (hours worked, the
 * amount recovered). Chinese firms mostly charge fixed or contingency (风险代理) fees, so the
 * contingency terms carry their base and, optionally, marginal bands as many agreements do.
 */
import {
  FULL_PERCENT,
  MONEY_MAX_CENTS,
  divRoundHalfUp,
  formatCents,
  parseCents,
  parsePercent,
} from "./cents";
import { FEE_ERRORS, FeeInputError, assertValid, type FeeError } from "./errors";

/** What a contingency percentage is taken of. */
export const CONTINGENCY_BASES = ["recovered", "awarded", "claimed", "reducedLiability"] as const;
export type ContingencyBase = (typeof CONTINGENCY_BASES)[number];

/** A marginal band: `percent` applies to the part of the base up to `upTo` (null: no limit). */
export type ContingencyTier = { upTo: string | null; percent: string };

/** Either one `percent` or `tiers`; `cap` limits the contingency part. */
export type ContingencyTerms = {
  base: ContingencyBase;
  percent?: string;
  tiers?: ContingencyTier[];
  cap?: string | null;
};

export type FeeArrangement =
  | { kind: "fixed"; amount: string }
  | { kind: "hourly"; rate: string; cap?: string | null }
  | { kind: "contingency"; contingency: ContingencyTerms }
  /** 半风险代理: a fixed fee whatever happens, plus a percentage of the result. */
  | { kind: "semiContingency"; fixedAmount: string; contingency: ContingencyTerms }
  /** A fixed fee covering `includedHours`, hours beyond billed at `rate`, optionally a bonus. */
  | {
      kind: "hybrid";
      fixedAmount: string;
      rate: string;
      includedHours?: string;
      contingency?: ContingencyTerms | null;
    }
  /** Legal aid (法律援助) or pro bono: no fee, but still a case whose expenses are tracked. */
  | { kind: "free"; basis: "legalAid" | "proBono" };

export type FeeArrangementKind = FeeArrangement["kind"];
export const FEE_ARRANGEMENT_KINDS: readonly FeeArrangementKind[] = [
  "fixed",
  "hourly",
  "contingency",
  "semiContingency",
  "hybrid",
  "free",
];

/** The facts a fee depends on: hours worked (two decimals) and the contingency base amount. */
export type FeeFacts = { hours?: string; baseAmount?: string };

export type FeePart = { kind: "fixed" | "hourly" | "contingency"; amount: string };
export type AgreedFee = { fee: string; parts: FeePart[] };

const HOURS_RE = /^(\d{1,5})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250n hundredths of an hour. */
export const parseHours = (value: unknown): bigint | null => {
  if (typeof value !== "string") return null;
  const match = HOURS_RE.exec(value.trim());
  return match ? BigInt(match[1]) * 100n + BigInt(((match[2] ?? "") + "00").slice(0, 2)) : null;
};

const checkMoney = (errors: FeeError[], value: unknown, field: string, optional = false) => {
  if (optional && (value === undefined || value === null)) return;
  if (parseCents(value) === null) errors.push({ code: FEE_ERRORS.amountInvalid, field });
};

const checkContingency = (
  errors: FeeError[],
  terms: ContingencyTerms | undefined,
  field: string,
) => {
  if (!terms || !CONTINGENCY_BASES.includes(terms.base)) {
    errors.push({ code: FEE_ERRORS.arrangementInvalid, field: `${field}.base` });
    return;
  }
  checkMoney(errors, terms.cap, `${field}.cap`, true);
  const hasTiers = Array.isArray(terms.tiers) && terms.tiers.length > 0;
  if (hasTiers === (terms.percent !== undefined)) {
    errors.push({ code: FEE_ERRORS.tiersInvalid, field });
    return;
  }
  if (!hasTiers) {
    if (parsePercent(terms.percent) === null)
      errors.push({ code: FEE_ERRORS.percentInvalid, field: `${field}.percent` });
    return;
  }
  // Bands must rise strictly and only the last may be open-ended, or a part of the base would be
  // counted twice or never.
  let previous = 0n;
  terms.tiers!.forEach((tier, index) => {
    const at = `${field}.tiers.${index}`;
    if (parsePercent(tier.percent) === null)
      errors.push({ code: FEE_ERRORS.percentInvalid, field: `${at}.percent` });
    const isLast = index === terms.tiers!.length - 1;
    const upTo = tier.upTo === null ? null : parseCents(tier.upTo);
    if (isLast ? tier.upTo !== null : upTo === null || upTo <= previous)
      errors.push({ code: FEE_ERRORS.tiersInvalid, field: `${at}.upTo` });
    if (upTo !== null) previous = upTo;
  });
};

/** Every problem with an arrangement's terms (not its facts). */
export const validateArrangement = (arrangement: FeeArrangement): FeeError[] => {
  const errors: FeeError[] = [];
  switch (arrangement?.kind) {
    case "fixed":
      checkMoney(errors, arrangement.amount, "amount");
      break;
    case "hourly":
      checkMoney(errors, arrangement.rate, "rate");
      checkMoney(errors, arrangement.cap, "cap", true);
      break;
    case "contingency":
      checkContingency(errors, arrangement.contingency, "contingency");
      break;
    case "semiContingency":
      checkMoney(errors, arrangement.fixedAmount, "fixedAmount");
      checkContingency(errors, arrangement.contingency, "contingency");
      break;
    case "hybrid":
      checkMoney(errors, arrangement.fixedAmount, "fixedAmount");
      checkMoney(errors, arrangement.rate, "rate");
      if (
        arrangement.includedHours !== undefined &&
        parseHours(arrangement.includedHours) === null
      ) {
        errors.push({ code: FEE_ERRORS.hoursInvalid, field: "includedHours" });
      }
      if (arrangement.contingency) checkContingency(errors, arrangement.contingency, "contingency");
      break;
    case "free":
      if (arrangement.basis !== "legalAid" && arrangement.basis !== "proBono")
        errors.push({ code: FEE_ERRORS.arrangementInvalid, field: "basis" });
      break;
    default:
      errors.push({ code: FEE_ERRORS.arrangementInvalid, field: "kind" });
  }
  return errors;
};

const needsHours = (a: FeeArrangement) => a.kind === "hourly" || a.kind === "hybrid";
const contingencyOf = (a: FeeArrangement) =>
  a.kind === "contingency" || a.kind === "semiContingency" || a.kind === "hybrid"
    ? (a.contingency ?? null)
    : null;

/** Problems with the facts for this arrangement: missing or malformed hours or base amount. */
export const validateFeeFacts = (arrangement: FeeArrangement, facts: FeeFacts): FeeError[] => {
  const errors: FeeError[] = [];
  if (needsHours(arrangement)) {
    if (facts.hours === undefined) errors.push({ code: FEE_ERRORS.hoursMissing, field: "hours" });
    else if (parseHours(facts.hours) === null)
      errors.push({ code: FEE_ERRORS.hoursInvalid, field: "hours" });
  }
  if (contingencyOf(arrangement)) {
    if (facts.baseAmount === undefined)
      errors.push({ code: FEE_ERRORS.baseAmountMissing, field: "baseAmount" });
    else if (parseCents(facts.baseAmount) === null)
      errors.push({ code: FEE_ERRORS.amountInvalid, field: "baseAmount" });
  }
  return errors;
};

/** rate × hours, rounded half up to the cent (hours are in hundredths). */
const hourlyCents = (rate: string, hours: bigint) =>
  divRoundHalfUp(parseCents(rate)! * hours, 100n);

/**
 * The contingency part: each band's share of the base times its percentage, summed exactly and
 * rounded once, so banding never loses or gains a cent against a hand calculation of the total.
 */
export const contingencyCents = (terms: ContingencyTerms, baseCents: bigint): bigint => {
  const bands = terms.tiers?.length ? terms.tiers : [{ upTo: null, percent: terms.percent! }];
  let exact = 0n;
  let floor = 0n;
  for (const band of bands) {
    const ceiling = band.upTo === null ? baseCents : parseCents(band.upTo)!;
    const slice = (baseCents < ceiling ? baseCents : ceiling) - floor;
    if (slice > 0n) exact += slice * parsePercent(band.percent)!;
    floor = ceiling;
    if (baseCents <= ceiling) break;
  }
  const fee = divRoundHalfUp(exact, FULL_PERCENT);
  const cap = terms.cap == null ? null : parseCents(terms.cap)!;
  return cap !== null && fee > cap ? cap : fee;
};

/** The fee an arrangement comes to for the given facts, with its parts for display. */
export const computeAgreedFee = (arrangement: FeeArrangement, facts: FeeFacts = {}): AgreedFee => {
  assertValid([...validateArrangement(arrangement), ...validateFeeFacts(arrangement, facts)]);
  const parts: { kind: FeePart["kind"]; cents: bigint }[] = [];
  const hours = facts.hours === undefined ? 0n : parseHours(facts.hours)!;
  const base = facts.baseAmount === undefined ? 0n : parseCents(facts.baseAmount)!;
  switch (arrangement.kind) {
    case "fixed":
      parts.push({ kind: "fixed", cents: parseCents(arrangement.amount)! });
      break;
    case "hourly": {
      const cents = hourlyCents(arrangement.rate, hours);
      const cap = arrangement.cap == null ? null : parseCents(arrangement.cap)!;
      parts.push({ kind: "hourly", cents: cap !== null && cents > cap ? cap : cents });
      break;
    }
    case "contingency":
      parts.push({ kind: "contingency", cents: contingencyCents(arrangement.contingency, base) });
      break;
    case "semiContingency":
      parts.push({ kind: "fixed", cents: parseCents(arrangement.fixedAmount)! });
      parts.push({ kind: "contingency", cents: contingencyCents(arrangement.contingency, base) });
      break;
    case "hybrid": {
      const included =
        arrangement.includedHours === undefined ? 0n : parseHours(arrangement.includedHours)!;
      parts.push({ kind: "fixed", cents: parseCents(arrangement.fixedAmount)! });
      parts.push({
        kind: "hourly",
        cents: hourlyCents(arrangement.rate, hours > included ? hours - included : 0n),
      });
      if (arrangement.contingency)
        parts.push({ kind: "contingency", cents: contingencyCents(arrangement.contingency, base) });
      break;
    }
    case "free":
      break;
  }
  const total = parts.reduce((sum, part) => sum + part.cents, 0n);
  // Hours times a rate can pass what numeric(14,2) holds; refuse it here, not in the database.
  if (total > MONEY_MAX_CENTS)
    throw new FeeInputError([{ code: FEE_ERRORS.amountInvalid, field: "fee" }]);
  return {
    fee: formatCents(total),
    parts: parts.map((p) => ({ kind: p.kind, amount: formatCents(p.cents) })),
  };
};
