import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage } from "../../../shared/i18n-config";
import { renderText, type TextParts } from "../../../shared/workflow/text-parts";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";

/**
 * A business approval's title as parts: an i18n key and the values it names. `form` holds, by
 * field, the parts of form texts the feature wrote (a client change's summary in the remark), so
 * they too read in the reader's language; the form keeps the submitter's text of each.
 */
export type TitleParts = {
  key: string;
  params: Record<string, string>;
  form?: Record<string, TextParts>;
};

/**
 * The title a feature gives the approval it starts: the parts, kept so every reader sees the
 * title in their own language, and the submitter's text, kept for search and for old readers.
 */
export const approvalTitle = (
  ctx: Pick<RequestCtx, "lang">,
  key: string,
  params: Record<string, string>,
) => ({
  title: translatorFor(ctx.lang)(key, params).slice(0, 200),
  titleI18n: { key, params } satisfies TitleParts,
});

/** The title in the reader's language; a general approval (or a row no pattern matched) keeps its text. */
export const titleIn = (lang: unknown, row: { title: string; titleI18n?: TitleParts | null }) =>
  row.titleI18n
    ? translatorFor(lang)(row.titleI18n.key, row.titleI18n.params).slice(0, 200)
    : row.title;

/** A form text's parts in one language, cut to the length its field allows. */
const formTextIn = (lang: unknown, parts: TextParts, maxLength?: number) => {
  const code = pickLanguage(lang);
  const text = renderText(parts, translatorFor(code), code, DEFAULT_LANGUAGE);
  return maxLength ? text.slice(0, maxLength) : text;
};

/**
 * The form with the texts the feature wrote as parts in the reader's language. A text someone
 * changed since (it no longer reads as its parts in any language) is left as they wrote it.
 */
export const withLocalFormTexts = (
  lang: unknown,
  row: { titleI18n?: TitleParts | null },
  form: Record<string, unknown>,
  maxLengthOf: (field: string) => number | undefined,
) => {
  const texts = row.titleI18n?.form;
  if (!texts) return form;
  const out = { ...form };
  for (const [field, parts] of Object.entries(texts)) {
    const value = out[field];
    if (typeof value !== "string") continue;
    const max = maxLengthOf(field);
    if (LANGUAGES.some(({ code }) => formTextIn(code, parts, max) === value))
      out[field] = formTextIn(lang, parts, max);
  }
  return out;
};

/** List rows with their title in the reader's language and without the parts. */
export const withLocalTitles = <R extends { title: string; titleI18n: TitleParts | null }>(
  ctx: Pick<RequestCtx, "lang">,
  rows: R[],
) =>
  rows.map(({ titleI18n, ...r }) => ({
    ...r,
    title: titleIn(ctx.lang, { title: r.title, titleI18n }),
  }));

/**
 * A notification's `title` param in every language (`title`, `title@en`): the reader's client
 * picks theirs, so "awaiting your approval" names the approval in the reader's language too.
 */
export const titleParams = (row: { title: string; titleI18n?: TitleParts | null }) => {
  const params: Record<string, string> = { title: titleIn(DEFAULT_LANGUAGE, row) };
  for (const { code } of LANGUAGES)
    if (code !== DEFAULT_LANGUAGE) params[`title@${code}`] = titleIn(code, row);
  return params;
};
