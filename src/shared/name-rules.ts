/**
 * File and folder name rules, run by the upload panel before sending and by the server again,
 * so a name that passes in the browser never fails on the server for a different reason.
 */

/** Shown to the user in the refusal message; Windows cannot store these and some are path syntax. */
export const INVALID_NAME_CHARS = ["\\", "/", ":", "*", "?", '"', "<", ">", "|"] as const;

export const MAX_NAME_LENGTH = 255;

/** At most this many files or folders per drop or pick. */
export const MAX_UPLOAD_ITEMS = 10;

/** Folder download refuses more than this many bytes of the caller's own files. */
export const FOLDER_ZIP_MAX_BYTES = 2 * 1024 ** 3;

export type NameProblem =
  | "empty"
  | "tooLong"
  | "invalidChars"
  | "invisibleChars"
  | "spaces"
  | "dots"
  | "trailingDot"
  | "reserved";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A lone surrogate cannot be stored as written (it would become U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Characters that change how a name looks without being seen: bidirectional controls (the
 * `invoice\u202Efdp.exe` trick shows "invoiceexe.pdf"), zero-width characters and the BOM.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** Device names Windows will not create a file or folder under, with or without an extension. */
const WINDOWS_RESERVED =
  /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(\..*)?$/i;
/** Any kind of blank, including the full-width space a Chinese IME types. */
const BLANK = /[\s\u00a0\u3000]/;

/** The first rule a file or folder name breaks, or undefined when it is acceptable. */
export const checkName = (name: string): NameProblem | undefined => {
  if (name.length === 0) return "empty";
  if (name.length > MAX_NAME_LENGTH) return "tooLong";
  if (
    CONTROL.test(name) ||
    LONE_SURROGATE.test(name) ||
    INVALID_NAME_CHARS.some((c) => name.includes(c))
  ) {
    return "invalidChars";
  }
  if (INVISIBLE.test(name)) return "invisibleChars";
  if (BLANK.test(name)) return "spaces";
  // "." and ".." name the folder itself or its parent: never a real file name.
  if (/^\.+$/.test(name)) return "dots";
  // Windows drops a trailing dot, so "a." and "a" would be the same file once unzipped there.
  if (name.endsWith(".")) return "trailingDot";
  if (WINDOWS_RESERVED.test(name)) return "reserved";
  return undefined;
};

const SHOWN_AS_CODE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A refused name as a message may quote it: invisible, direction and control characters become
 * "<U+202E>", so a right-to-left override cannot reverse the message that reports it.
 */
export const visibleName = (name: string) =>
  name.replace(
    SHOWN_AS_CODE,
    (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}>`,
  );

/** The characters as the message lists them: \ / : * ? " < > | */
export const invalidCharsText = () => INVALID_NAME_CHARS.join(" ");

/** Extension in lower case without the dot ("" when there is none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** Programs and scripts: left out by the upload panel and refused by the server. */
export const BLOCKED_EXTENSIONS = new Set([
  "exe",
  "dll",
  "com",
  "bat",
  "cmd",
  "msi",
  "scr",
  "pif",
  "cpl",
  "vbs",
  "vbe",
  "js",
  "jse",
  "mjs",
  "wsf",
  "wsh",
  "ps1",
  "psm1",
  "sh",
  "bash",
  "zsh",
  "csh",
  "py",
  "pl",
  "rb",
  "php",
  "jar",
  "app",
  "apk",
  "hta",
  "html",
  "htm",
  "xhtml",
  "svg",
  "lnk",
  "reg",
  "scpt",
  "jsp",
  "asp",
  "aspx",
]);

/** Types the browser can show itself; everything else is downloaded. */
export const PREVIEW_MIMES = new Set([
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/bmp",
]);
