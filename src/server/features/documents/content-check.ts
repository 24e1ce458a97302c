import { fileTypeFromBuffer } from "file-type";

import { AppError } from "../../../shared/errors";
import { BLOCKED_EXTENSIONS, extensionOf } from "../../../shared/name-rules";

/** Programs and packages: never stored, whatever the name says. */
const EXECUTABLE_TYPES = new Set([
  "exe",
  "elf",
  "macho",
  "msi",
  "dmg",
  "deb",
  "rpm",
  "apk",
  "class",
  "swf",
  "wasm",
  "lnk",
  "crx",
  "xpi",
  "cab",
  "jar",
]);

/**
 * Extensions whose format has a signature: the bytes must show it, so a script renamed to
 * "判决书.pdf" is refused. Values are the types file-type may report for that extension.
 */
const SIGNED_EXTENSIONS: Record<string, string[]> = {
  pdf: ["pdf"],
  png: ["png"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  gif: ["gif"],
  webp: ["webp"],
  bmp: ["bmp"],
  tif: ["tif"],
  tiff: ["tif"],
  zip: ["zip"],
  rar: ["rar"],
  "7z": ["7z"],
  docx: ["docx", "zip"],
  xlsx: ["xlsx", "zip"],
  pptx: ["pptx", "zip"],
  doc: ["cfb", "doc"],
  xls: ["cfb", "xls"],
  ppt: ["cfb", "ppt"],
  mp3: ["mp3"],
  mp4: ["mp4", "m4v"],
};

/** Plain-text formats we store as text when the bytes carry no signature. */
const TEXT_MIMES: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  json: "application/json",
  xml: "application/xml",
  rtf: "application/rtf",
  eml: "message/rfc822",
};

/**
 * An e-mail's HTML part is the message itself, not a page of ours: .eml files are never served
 * inline (download.ts) and their preview shows text only, so markup in them is allowed.
 */
const MARKUP_ALLOWED = new Set(["eml"]);

const looksLikeScript = (head: Buffer, markupAllowed: boolean) => {
  if (head.subarray(0, 2).toString("latin1") === "#!") return true;
  if (head.subarray(0, 2).toString("latin1") === "MZ") return true;
  if (markupAllowed) return false;
  const text = head.subarray(0, 4096).toString("latin1").toLowerCase();
  return /<script|<html|<!doctype html|<svg|<\?php|<%@/.test(text);
};

export type SniffResult = { mime: string };

/**
 * Decides from the bytes, not the name, what a file is: refuses programs, scripts and
 * documents whose content contradicts their extension (the upload panel shows the reason).
 */
export const sniffContent = async (name: string, head: Buffer): Promise<SniffResult> => {
  const ext = extensionOf(name);
  const detected = await fileTypeFromBuffer(head);
  const refuse = (key: string) => new AppError(400, key, { params: { name } });
  if (BLOCKED_EXTENSIONS.has(ext)) throw refuse("errors.documents.dangerousType");
  if (detected && EXECUTABLE_TYPES.has(detected.ext))
    throw refuse("errors.documents.dangerousType");
  const expected = SIGNED_EXTENSIONS[ext];
  if (expected) {
    if (!detected || !expected.includes(detected.ext))
      throw refuse("errors.documents.typeMismatch");
    return { mime: detected.mime };
  }
  const isTextual = !detected || detected.ext === "xml";
  if (isTextual && looksLikeScript(head, MARKUP_ALLOWED.has(ext)))
    throw refuse("errors.documents.dangerousType");
  if (detected) return { mime: detected.mime };
  return { mime: TEXT_MIMES[ext] ?? "application/octet-stream" };
};
