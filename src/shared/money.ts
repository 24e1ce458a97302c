/**
 * One money format for every screen, PDF, export and e-mail: ¥1,234,567.00 in both languages
 * (a Chinese firm bills in yuan whatever language its staff read). Amounts travel as strings
 * (numeric(14,2)), so the string is split by hand instead of going through a float, which would
 * round ¥12,345,678,901.23 wrongly.
 */
const MONEY_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "1200000" → "¥1,200,000.00"; null/"" → ""; a value that is not a number is returned as it is. */
export const formatMoney = (value: string | number | null | undefined, symbol = "¥"): string => {
  if (value === null || value === undefined || value === "") return "";
  const text = typeof value === "number" ? value.toFixed(2) : value.trim().replace(/,/g, "");
  const match = MONEY_RE.exec(text);
  if (!match) return String(value);
  const [, minus, whole, fraction = ""] = match;
  let cents = (fraction + "00").slice(0, 2);
  let yuan = whole.replace(/^0+(?=\d)/, "");
  // A third decimal rounds half up, on the digits, so no float is involved.
  if (fraction.length > 2 && Number(fraction[2]) >= 5) {
    const total = (BigInt(yuan) * 100n + BigInt(cents) + 1n).toString().padStart(3, "0");
    yuan = total.slice(0, -2);
    cents = total.slice(-2);
  }
  const isZero = /^0*$/.test(yuan + cents);
  return `${minus && !isZero ? "-" : ""}${symbol}${groupThousands(yuan)}.${cents}`;
};

/** A percentage to two decimals: "35" → "35.00%". */
export const formatPercent = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? `${n.toFixed(2)}%` : String(value);
};

/** A value read the way its schema's `x-format` says (money or percent); other values unchanged. */
export const formatAs = (
  format: string | undefined,
  value: string | number | null | undefined,
): string => {
  if (format === "money") return formatMoney(value);
  if (format === "percent") return formatPercent(value);
  return value === null || value === undefined ? "" : String(value);
};
