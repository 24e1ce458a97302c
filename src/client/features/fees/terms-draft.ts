/**
 * The fee agreement as the editor holds it (every box a string, nothing missing) and the
 * conversion to and from the shared shapes the server stores. Checking is the shared
 * validators' job (validateArrangement / validateSchedule), so the browser refuses exactly what
 * the server would, with the same errors.fees.* keys.
 */
import type { FeeTermsInput } from "../../../shared/contracts/fees";
import {
  type ContingencyBase,
  type ContingencyTerms,
  type FeeArrangement,
  type FeeArrangementKind,
  FEE_ERRORS,
  type FeeError,
  type Instalment,
  type InstalmentTrigger,
  type TriggerDates,
  validateArrangement,
  validateSchedule,
} from "../../../shared/fees";

export type TierDraft = { key: number; upTo: string; percent: string };
export type ContingencyDraft = {
  base: ContingencyBase;
  mode: "single" | "tiers";
  percent: string;
  tiers: TierDraft[];
  cap: string;
};
export type ArrangementDraft = {
  kind: FeeArrangementKind | "none";
  amount: string;
  rate: string;
  cap: string;
  fixedAmount: string;
  includedHours: string;
  basis: "legalAid" | "proBono";
  contingency: ContingencyDraft;
  /** Hybrid only: whether a success bonus (a contingency part) is agreed. */
  hasBonus: boolean;
};
export type InstalmentDraft = {
  key: number;
  label: string;
  by: "amount" | "percent";
  value: string;
  when: "date" | "trigger";
  dueDate: string;
  trigger: InstalmentTrigger | "";
  graceDays: string;
};

let nextKey = 1;
/** Row keys for React only; never sent. */
export const newKey = () => nextKey++;

const text = (v: string | null | undefined) => v ?? "";
const optional = (v: string) => (v.trim() === "" ? undefined : v.trim());

const contingencyDraft = (c?: ContingencyTerms | null): ContingencyDraft => ({
  base: c?.base ?? "recovered",
  mode: c?.tiers?.length ? "tiers" : "single",
  percent: text(c?.percent),
  tiers: c?.tiers?.length
    ? c.tiers.map((tier) => ({ key: newKey(), upTo: text(tier.upTo), percent: tier.percent }))
    : [
        { key: newKey(), upTo: "", percent: "" },
        { key: newKey(), upTo: "", percent: "" },
      ],
  cap: text(c?.cap),
});

export const arrangementDraft = (a: FeeArrangement | null): ArrangementDraft => {
  const draft: ArrangementDraft = {
    kind: a?.kind ?? "none",
    amount: "",
    rate: "",
    cap: "",
    fixedAmount: "",
    includedHours: "",
    basis: "legalAid",
    contingency: contingencyDraft(null),
    hasBonus: false,
  };
  if (!a) return draft;
  switch (a.kind) {
    case "fixed":
      return { ...draft, amount: a.amount };
    case "hourly":
      return { ...draft, rate: a.rate, cap: text(a.cap) };
    case "contingency":
      return { ...draft, contingency: contingencyDraft(a.contingency) };
    case "semiContingency":
      return { ...draft, fixedAmount: a.fixedAmount, contingency: contingencyDraft(a.contingency) };
    case "hybrid":
      return {
        ...draft,
        fixedAmount: a.fixedAmount,
        rate: a.rate,
        includedHours: text(a.includedHours),
        hasBonus: Boolean(a.contingency),
        contingency: contingencyDraft(a.contingency),
      };
    case "free":
      return { ...draft, basis: a.basis };
  }
};

const contingencyOf = (c: ContingencyDraft): ContingencyTerms => {
  const cap = optional(c.cap);
  const last = c.tiers.length - 1;
  return {
    base: c.base,
    ...(c.mode === "single"
      ? { percent: c.percent.trim() }
      : {
          // The last band is open-ended by definition; its box is shown as "and above".
          tiers: c.tiers.map((tier, index) => ({
            upTo: index === last ? null : tier.upTo.trim(),
            percent: tier.percent.trim(),
          })),
        }),
    ...(cap ? { cap } : {}),
  };
};

export const toArrangement = (d: ArrangementDraft): FeeArrangement | null => {
  switch (d.kind) {
    case "none":
      return null;
    case "fixed":
      return { kind: "fixed", amount: d.amount.trim() };
    case "hourly": {
      const cap = optional(d.cap);
      return { kind: "hourly", rate: d.rate.trim(), ...(cap ? { cap } : {}) };
    }
    case "contingency":
      return { kind: "contingency", contingency: contingencyOf(d.contingency) };
    case "semiContingency":
      return {
        kind: "semiContingency",
        fixedAmount: d.fixedAmount.trim(),
        contingency: contingencyOf(d.contingency),
      };
    case "hybrid": {
      const hours = optional(d.includedHours);
      return {
        kind: "hybrid",
        fixedAmount: d.fixedAmount.trim(),
        rate: d.rate.trim(),
        ...(hours ? { includedHours: hours } : {}),
        ...(d.hasBonus ? { contingency: contingencyOf(d.contingency) } : {}),
      };
    }
    case "free":
      return { kind: "free", basis: d.basis };
  }
};

export const instalmentDrafts = (schedule: readonly Instalment[]): InstalmentDraft[] =>
  schedule.map((item) => ({
    key: newKey(),
    label: text(item.label),
    by: item.percent !== undefined ? "percent" : "amount",
    value: text(item.percent ?? item.amount),
    when: item.trigger ? "trigger" : "date",
    dueDate: text(item.dueDate),
    trigger: item.trigger ?? "",
    graceDays: item.graceDays === undefined ? "" : String(item.graceDays),
  }));

export const emptyInstalment = (): InstalmentDraft => ({
  key: newKey(),
  label: "",
  by: "percent",
  value: "",
  when: "trigger",
  dueDate: "",
  trigger: "",
  graceDays: "",
});

export const toSchedule = (rows: readonly InstalmentDraft[]): Instalment[] =>
  rows.map((row) => {
    const label = optional(row.label);
    const grace = row.graceDays.trim();
    return {
      ...(label ? { label } : {}),
      ...(row.by === "amount" ? { amount: row.value.trim() } : { percent: row.value.trim() }),
      // An empty date or trigger is still sent as chosen, so the refusal names that box.
      ...(row.when === "date"
        ? { dueDate: row.dueDate }
        : {
            trigger: row.trigger as InstalmentTrigger,
            ...(grace ? { graceDays: Number(grace) } : {}),
          }),
    };
  });

/**
 * The fee the schedule's percentages are of, as the server will work it out: a fixed fee from the
 * terms; otherwise the server's figure (it knows the hours and the amount recovered) while the
 * terms are unchanged. `isSure` false: only the server can tell, so the browser does not refuse
 * a schedule for exceeding or lacking a fee it cannot know.
 */
export const feeFor = (
  arrangement: FeeArrangement | null,
  stored: FeeArrangement | null,
  serverFee: string,
): { fee: string | null; isSure: boolean } => {
  if (arrangement?.kind === "fixed") return { fee: arrangement.amount, isSure: true };
  if (arrangement?.kind === "free") return { fee: "0.00", isSure: true };
  const isSame = JSON.stringify(arrangement) === JSON.stringify(stored);
  return { fee: isSame && serverFee ? serverFee : null, isSure: isSame };
};

const FEE_DEPENDENT = new Set<string>([FEE_ERRORS.scheduleExceedsFee, FEE_ERRORS.feeMissing]);

/** Every refusal of the terms, keyed "arrangement.<path>" or "instalments.<n>.<box>". */
export const checkTerms = (
  input: Omit<FeeTermsInput, "version">,
  { fee, isSure }: { fee: string | null; isSure: boolean },
): FeeError[] => [
  ...(input.arrangement
    ? validateArrangement(input.arrangement).map((e) => ({
        ...e,
        field: `arrangement.${e.field ?? "kind"}`,
      }))
    : []),
  ...validateSchedule(input.schedule, fee).filter((e) => isSure || !FEE_DEPENDENT.has(e.code)),
];

export const cleanTriggerDates = (dates: TriggerDates): TriggerDates =>
  Object.fromEntries(Object.entries(dates).filter(([, day]) => Boolean(day)));
