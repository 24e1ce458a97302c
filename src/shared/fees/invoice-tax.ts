/**
 * VAT on a 发票, in cents. An invoice states the amount before tax and the tax (税额), their sum
 * being the total (价税合计); a client pays totals, so the tax is usually backed out of one.
 */
import { FULL_PERCENT, divRoundHalfUp, formatCents, parseCents, parsePercent } from "./cents";
import { FEE_ERRORS, FeeInputError } from "./errors";

const money = (value: string, field: string) => {
  const cents = parseCents(value);
  if (cents === null) throw new FeeInputError([{ code: FEE_ERRORS.amountInvalid, field }]);
  return cents;
};

const rate = (value: string) => {
  const bp = parsePercent(value);
  if (bp === null) throw new FeeInputError([{ code: FEE_ERRORS.percentInvalid, field: "taxRate" }]);
  return bp;
};

/** Tax on an amount before tax: 10000.00 at 6% → "600.00". */
export const taxOfNet = (net: string, taxRate: string): string =>
  formatCents(divRoundHalfUp(money(net, "amount") * rate(taxRate), FULL_PERCENT));

/**
 * A tax-inclusive total split into net and tax: the net is rounded and the tax is what is left,
 * so net + tax is the total to the cent (106000.00 at 6% → 100000.00 + 6000.00).
 */
export const splitTaxInclusive = (total: string, taxRate: string): { net: string; tax: string } => {
  const gross = money(total, "total");
  const net = divRoundHalfUp(gross * FULL_PERCENT, FULL_PERCENT + rate(taxRate));
  return { net: formatCents(net), tax: formatCents(gross - net) };
};

/**
 * The part of an invoice's tax that a payment carries when it settles `matched` of the invoice's
 * total (partial matches allowed): proportional, rounded half up.
 */
export const taxForMatchedAmount = (
  matched: string,
  invoiceTotal: string,
  invoiceTax: string,
): string => {
  const total = money(invoiceTotal, "invoiceTotal");
  if (total === 0n) return "0.00";
  return formatCents(
    divRoundHalfUp(money(matched, "matched") * money(invoiceTax, "invoiceTax"), total),
  );
};
