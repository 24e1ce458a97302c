/**
 * What any text the API takes may contain. The server checks every string at the edge
 * (plugins/input-guard) and refuses what breaks here, so what is stored is what was sent:
 * PostgreSQL cannot store NUL, and a lone surrogate would be silently replaced by U+FFFD.
 */
export type TextProblem = "nul" | "surrogate" | "control" | "bidi";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex
const C0_C1 = /[\u0001-\u0008\u000b-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const C0_C1_NO_BREAKS = /[\u0001-\u001f\u007f-\u009f]/;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make text
 * display in another order than it is stored ("Trojan Source"). Nobody types them; the marks a
 * right-to-left script needs (U+200E/U+200F, U+061C) stay allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * The first problem of a string, or undefined. `multiline`: tab, line feed and carriage return
 * are text there (remarks, comments, descriptions); elsewhere (query values, headers) they are not.
 */
export const textProblem = (value: string, multiline: boolean): TextProblem | undefined => {
  if (value.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(value)) return "surrogate";
  if ((multiline ? C0_C1 : C0_C1_NO_BREAKS).test(value)) return "control";
  if (BIDI_CONTROL.test(value)) return "bidi";
  return undefined;
};

/** Keys that reach an object's prototype when copied carelessly: refused as JSON and query keys. */
export const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Deepest JSON nesting any route accepts (a workflow definition needs about a dozen levels). */
export const MAX_JSON_DEPTH = 64;
