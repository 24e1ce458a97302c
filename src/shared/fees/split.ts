/**
 * One payment split into share lines. Every cent of the payment lands on exactly one line:
 *   payment = tax (when the firm deducts it) + management fee + member shares + rounding,
 *   distributable = payment − tax − management fee = member shares + rounding.
 * Member shares are cut towards zero, so no lawyer is paid a fraction of a cent more than their
 * percentage; what the cuts leave (less than a cent per member) goes to the firm's rounding line.
 */
import {
  formatCents,
  formatPercentBp,
  moneyParam,
  parseCents,
  parsePercent,
  percentOfRounded,
  percentOfTruncated,
  sumCents,
} from "./cents";
import { validateAllocation, type AllocationRole, type CaseAllocation } from "./allocation";
import { FEE_ERRORS, assertValid, type FeeError } from "./errors";
import { applyFeeRules, type EffectiveAllocation, type FeeRule, type RuleContext } from "./rules";

/** A firm's fee-sharing settings (the per-case management fee override lives on the case). */
export type FeeShareSettings = {
  managementFeePercent: string;
  /** Whether a payment's invoice tax is taken off before the split (a firm choice). */
  deductInvoiceTax: boolean;
  /** What the management fee is a percentage of; most firms take it after tax. */
  managementFeeBase?: ManagementFeeBase;
  rules: FeeRule[];
};
export type ManagementFeeBase = "afterTax" | "payment";

export type SplitInput = {
  payment: string;
  /** Tax on the invoices matched to this payment; ignored unless `deductInvoiceTax`. */
  invoiceTax: string;
  deductInvoiceTax: boolean;
  managementFeePercent: string;
  managementFeeBase?: ManagementFeeBase;
  /** The effective allocation (after the firm's rules). */
  allocation: CaseAllocation;
};

export type SplitLineKind = "tax" | "management" | "member" | "rounding";

/**
 * `key` names the line within a payment's split ("member:<id>", "firm:management",
 * "firm:rounding", "firm:tax"); adjustments match on it.
 */
export type SplitLine = {
  key: string;
  kind: SplitLineKind;
  memberId: string | null;
  role: AllocationRole | null;
  percent: string | null;
  amount: string;
};

export type Split = {
  payment: string;
  tax: string;
  managementFee: string;
  distributable: string;
  rounding: string;
  /** Lines of zero are left out: a closed month should hold money, not placeholders. */
  lines: SplitLine[];
};

export const TAX_KEY = "firm:tax";
export const MANAGEMENT_KEY = "firm:management";
export const ROUNDING_KEY = "firm:rounding";
export const memberKey = (memberId: string) => `member:${memberId}`;

/** The case's override when it has one, else the firm's percentage. */
export const effectiveManagementPercent = (
  firmPercent: string,
  caseOverride?: string | null,
): string =>
  caseOverride === undefined || caseOverride === null || caseOverride === ""
    ? firmPercent
    : caseOverride;

export const validateSplitInput = (input: SplitInput): FeeError[] => {
  const errors: FeeError[] = [];
  const payment = parseCents(input.payment);
  const tax = parseCents(input.invoiceTax);
  if (payment === null) errors.push({ code: FEE_ERRORS.amountInvalid, field: "payment" });
  if (tax === null) errors.push({ code: FEE_ERRORS.amountInvalid, field: "invoiceTax" });
  if (payment !== null && tax !== null && input.deductInvoiceTax && tax > payment) {
    errors.push({
      code: FEE_ERRORS.taxExceedsPayment,
      field: "invoiceTax",
      params: { tax: moneyParam(tax), payment: moneyParam(payment) },
    });
  }
  if (parsePercent(input.managementFeePercent) === null)
    errors.push({ code: FEE_ERRORS.percentInvalid, field: "managementFeePercent" });
  for (const error of validateAllocation(input.allocation))
    errors.push({ ...error, field: `allocation.${error.field ?? ""}` });
  return errors;
};

/** The split of one payment by an effective allocation. */
export const computeSplit = (input: SplitInput): Split => {
  assertValid(validateSplitInput(input));
  const payment = parseCents(input.payment)!;
  const tax = input.deductInvoiceTax ? parseCents(input.invoiceTax)! : 0n;
  const afterTax = payment - tax;
  const managementBp = parsePercent(input.managementFeePercent)!;
  const management = percentOfRounded(
    input.managementFeeBase === "payment" ? payment : afterTax,
    managementBp,
  );
  // A management fee taken on the gross could exceed what tax left; it never takes more than that.
  const managementFee = management > afterTax ? afterTax : management;
  const distributable = afterTax - managementFee;
  const members = input.allocation.lines.map((line) => {
    const bp = parsePercent(line.percent)!;
    return { line, bp, cents: percentOfTruncated(distributable, bp) };
  });
  const rounding = distributable - sumCents(members.map((m) => m.cents));

  const lines: SplitLine[] = [];
  const firm = (key: string, kind: SplitLineKind, cents: bigint, percent: string | null) => {
    if (cents !== 0n)
      lines.push({ key, kind, memberId: null, role: null, percent, amount: formatCents(cents) });
  };
  firm(TAX_KEY, "tax", tax, null);
  firm(MANAGEMENT_KEY, "management", managementFee, formatPercentBp(managementBp));
  for (const { line, bp, cents } of members) {
    if (cents !== 0n)
      lines.push({
        key: memberKey(line.memberId),
        kind: "member",
        memberId: line.memberId,
        role: line.role,
        percent: formatPercentBp(bp),
        amount: formatCents(cents),
      });
  }
  firm(ROUNDING_KEY, "rounding", rounding, null);
  return {
    payment: formatCents(payment),
    tax: formatCents(tax),
    managementFee: formatCents(managementFee),
    distributable: formatCents(distributable),
    rounding: formatCents(rounding),
    lines,
  };
};

/** What the server knows about a payment when it splits it. */
export type PaymentToSplit = {
  payment: string;
  invoiceTax: string;
  /** The allocation in force on the payment's date, as entered. */
  allocation: CaseAllocation;
  /** The case's management fee override, if any. */
  managementFeeOverride?: string | null;
  context: RuleContext;
};

/** The whole path: firm rules on the entered allocation, then the split; also the rule trace. */
export const splitPayment = (
  settings: FeeShareSettings,
  payment: PaymentToSplit,
): { split: Split; effective: EffectiveAllocation; input: SplitInput } => {
  const effective = applyFeeRules(payment.allocation, settings.rules, payment.context);
  const input: SplitInput = {
    payment: payment.payment,
    invoiceTax: payment.invoiceTax,
    deductInvoiceTax: settings.deductInvoiceTax,
    managementFeePercent: effectiveManagementPercent(
      settings.managementFeePercent,
      payment.managementFeeOverride,
    ),
    managementFeeBase: settings.managementFeeBase,
    allocation: { originatorId: effective.originatorId, lines: effective.lines },
  };
  return { split: computeSplit(input), effective, input };
};
