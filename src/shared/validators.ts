import type Ajv from "ajv";

/**
 * The seed's member validators, shared so the member form rejects exactly what the
 * server rejects. Each is an ajv `format` (server schemas say `format: "memberName"`) and a
 * plain check for the browser; the message key is `validation.formats.<name>` in both places.
 */

/** Han characters, Latin letters, spaces and the marks names carry (王·小明, O'Neil, Mary-Jane). */
const NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z ·.'\-]*$/u;
/** Chinese, English or symbols: no digits (titles such as 高级合伙人 or Sr. Associate). */
const ZH_EN_SYMBOLS = /^[\p{Script=Han}A-Za-z\p{P}\p{S} \u3000]+$/u;
/** Digits, +, - and brackets (+86-(010)-8888-0000, （0755）12345678); no letters or blanks. */
const PHONE = /^(?=.*\d)[0-9+\-()（）]+$/;
/** A plain address check (the full grammar is the mail server's job); empty means "none". */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, numbers or ASCII symbols, no blanks: the sign-in name. */
const ACCOUNT = /^[A-Za-z0-9!-/:-@[-`{-~]+$/;

export const MEMBER_FORMATS = {
  memberName: (v: string) => v.length <= 50 && NAME.test(v),
  zhEnSymbols: (v: string) => v.length <= 50 && ZH_EN_SYMBOLS.test(v),
  phone: (v: string) => v.length <= 30 && PHONE.test(v),
  contactEmail: (v: string) => v.length <= 200 && EMAIL.test(v),
  account: (v: string) => v.length >= 2 && v.length <= 50 && ACCOUNT.test(v),
} as const;

export type MemberFormat = keyof typeof MEMBER_FORMATS;

/** i18n key of a format's message (the server's envelope and the client form both use it). */
export const formatMessageKey = (format: string) => `validation.formats.${format}`;

/** Checks one value; empty strings pass so optional fields stay optional (required is separate). */
export const checkFormat = (format: MemberFormat, value: unknown) =>
  typeof value !== "string" || value === "" || MEMBER_FORMATS[format](value);

/** Fastify's `ajv.plugins` entry: adds the member formats to an ajv instance. */
export const addMemberFormats = (ajv: Ajv) => {
  for (const [name, validate] of Object.entries(MEMBER_FORMATS)) {
    ajv.addFormat(name, { type: "string", validate: (v: string) => v === "" || validate(v) });
  }
  return ajv;
};
