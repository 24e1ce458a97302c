import type { TFunction } from "i18next";

import type { FieldError } from "../../../shared/errors";
import type { FeeError } from "../../../shared/fees";

/** Paths a box of the editor shows under itself; anything else goes in the list at the top. */
const SHOWN = [
  /^arrangement\.(kind|amount|rate|cap|fixedAmount|includedHours|basis)$/,
  /^arrangement\.contingency(\.(base|percent|cap)|\.tiers\.\d+\.(upTo|percent))?$/,
  /^instalments\.\d+(\.(amount|percent|dueDate|trigger|graceDays))?$/,
  /^triggerDates\.\w+$/,
];

export type TermsErrors = { byPath: Map<string, string>; general: string[] };

/** The server names the schedule "schedule"; the shared validator names it "instalments". */
const normalize = (path: string) => path.replace(/^schedule(?=\.|$)/, "instalments");

const sort = (items: { field: string; message: string }[]): TermsErrors => {
  const byPath = new Map<string, string>();
  const general: string[] = [];
  for (const { field, message } of items) {
    if (SHOWN.some((re) => re.test(field))) {
      if (!byPath.has(field)) byPath.set(field, message);
    } else if (!general.includes(message)) general.push(message);
  }
  return { byPath, general };
};

export const fromFeeErrors = (errors: FeeError[], t: TFunction): TermsErrors =>
  sort(errors.map((e) => ({ field: e.field ?? "", message: t(e.code, e.params) })));

export const fromServerFields = (fields: FieldError[], fallback: string): TermsErrors => {
  const sorted = sort(fields.map((f) => ({ field: normalize(f.field), message: f.message })));
  return fields.length ? sorted : { byPath: new Map(), general: [fallback] };
};

export const NO_ERRORS: TermsErrors = { byPath: new Map(), general: [] };
