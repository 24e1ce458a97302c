/**
 * File and folder name rules, run by the upload panel before sending and by the server again,
 * so a name that passes in the browser never fails on the server for a different reason.
 */

/** Shown to the user in the refusal message; Windows cannot store these and some are path syntax. */
export const INVALID_NAME_CHARS = ["\\", "/", ":", "*", "?", '"', "<", ">", "|"] as const;

export const MAX_NAME_LENGTH = 255;

/** At most this many files or folders per drop or pick (SPEC §9). */
export const MAX_UPLOAD_ITEMS = 10;

/** Folder download refuses more than this many bytes of the caller's own files (SPEC §9). */
export const FOLDER_ZIP_MAX_BYTES = 2 * 1024 ** 3;

export type NameProblem = "empty" | "tooLong" | "invalidChars" | "spaces" | "dots";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Any kind of blank, including the full-width space a Chinese IME types. */
const BLANK = /[\s\u00a0\u3000]/;

/** The first rule a file or folder name breaks, or undefined when it is acceptable. */
export const checkName = (name: string): NameProblem | undefined => {
  if (name.length === 0) return "empty";
  if (name.length > MAX_NAME_LENGTH) return "tooLong";
  if (CONTROL.test(name) || INVALID_NAME_CHARS.some((c) => name.includes(c))) return "invalidChars";
  if (BLANK.test(name)) return "spaces";
  // "." and ".." name the folder itself or its parent: never a real file name.
  if (/^\.+$/.test(name)) return "dots";
  return undefined;
};

/** The characters as the message lists them: \ / : * ? " < > | */
export const invalidCharsText = () => INVALID_NAME_CHARS.join(" ");

/** Extension in lower case without the dot ("" when there is none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** Programs and scripts: left out by the upload panel and refused by the server. */
export const BLOCKED_EXTENSIONS = new Set([
  "exe", "dll", "com", "bat", "cmd", "msi", "scr", "pif", "cpl", "vbs", "vbe", "js", "jse", "mjs",
  "wsf", "wsh", "ps1", "psm1", "sh", "bash", "zsh", "csh", "py", "pl", "rb", "php", "jar", "app",
  "apk", "hta", "html", "htm", "xhtml", "svg", "lnk", "reg", "scpt", "jsp", "asp", "aspx",
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
