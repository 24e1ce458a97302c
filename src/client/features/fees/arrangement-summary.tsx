import type { TFunction } from "i18next";

import { formatMoney, formatPercent } from "../../../shared/money";
import type { ContingencyTerms, FeeArrangement } from "../../../shared/fees";

type Item = { key: string; label: string; children: string };

const contingencyItems = (c: ContingencyTerms, t: TFunction): Item[] => {
  const rate = c.tiers?.length
    ? c.tiers
        .map((tier) =>
          tier.upTo === null
            ? t("fees.summary.tierAbove", { percent: formatPercent(tier.percent) })
            : t("fees.summary.tierUpTo", {
                upTo: formatMoney(tier.upTo),
                percent: formatPercent(tier.percent),
              }),
        )
        .join(t("fees.summary.separator"))
    : formatPercent(c.percent);
  return [
    { key: "base", label: t("fees.terms.base"), children: t(`fees.bases.${c.base}`) },
    { key: "rate", label: t("fees.terms.percent"), children: rate },
    ...(c.cap ? [{ key: "cap", label: t("fees.terms.cap"), children: formatMoney(c.cap) }] : []),
  ];
};

/** The arrangement's terms as label/value pairs, money and percentages in the shared format. */
export const arrangementItems = (a: FeeArrangement, t: TFunction): Item[] => {
  const money = (key: string, label: string, value: string) => ({
    key,
    label: t(label),
    children: formatMoney(value),
  });
  switch (a.kind) {
    case "fixed":
      return [money("amount", "fees.terms.amount", a.amount)];
    case "hourly":
      return [
        money("rate", "fees.terms.rate", a.rate),
        ...(a.cap ? [money("cap", "fees.terms.hourlyCap", a.cap)] : []),
      ];
    case "contingency":
      return contingencyItems(a.contingency, t);
    case "semiContingency":
      return [
        money("fixed", "fees.terms.fixedAmount", a.fixedAmount),
        ...contingencyItems(a.contingency, t),
      ];
    case "hybrid":
      return [
        money("fixed", "fees.terms.fixedAmount", a.fixedAmount),
        money("rate", "fees.terms.rate", a.rate),
        ...(a.includedHours
          ? [
              {
                key: "hours",
                label: t("fees.terms.includedHours"),
                children: t("fees.summary.hours", { hours: a.includedHours }),
              },
            ]
          : []),
        ...(a.contingency ? contingencyItems(a.contingency, t) : []),
      ];
    case "free":
      return [{ key: "basis", label: t("fees.terms.basis"), children: t(`fees.basis.${a.basis}`) }];
  }
};
