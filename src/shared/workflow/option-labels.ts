import type { JsonSchema } from "./model";

/**
 * A select's stored values stay what the admin typed (conditions and old approvals compare
 * them); their labels per language live beside them as
 * `x-enum-labels: {"<value>": {"zh-CN": …, "en": …}}`, the value itself being the fallback.
 */
export type OptionLabels = Record<string, { "zh-CN"?: string; en?: string }>;

const isLabels = (v: unknown): v is OptionLabels =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).every(
    (l) =>
      !!l &&
      typeof l === "object" &&
      !Array.isArray(l) &&
      Object.values(l).every((x) => typeof x === "string"),
  );

export const optionLabelsOf = (s: JsonSchema | undefined): OptionLabels => {
  const x = s?.["x-enum-labels"];
  return isLabels(x) ? x : {};
};

/** The label of one option in one language, else the value as the admin typed it. */
export const optionLabel = (
  labels: OptionLabels | undefined,
  value: unknown,
  lang: string,
): string => {
  const own = labels && Object.hasOwn(labels, String(value)) ? labels[String(value)] : undefined;
  return own?.[lang === "en" ? "en" : "zh-CN"] || String(value);
};

/**
 * The field with these English labels for its options, by position (the builder edits them as
 * a second list beside the values); labels of options no longer there are dropped.
 */
export const withEnglishOptionLabels = (
  s: JsonSchema,
  options: string[],
  english: string[],
): JsonSchema => {
  const old = optionLabelsOf(s);
  const next: OptionLabels = {};
  options.forEach((value, i) => {
    const en = (english[i] ?? "").trim();
    const zh = old[value]?.["zh-CN"];
    if (en || zh) next[value] = { ...(zh ? { "zh-CN": zh } : {}), ...(en ? { en } : {}) };
  });
  const { "x-enum-labels": _drop, ...rest } = s;
  return Object.keys(next).length > 0 ? { ...rest, "x-enum-labels": next } : rest;
};
