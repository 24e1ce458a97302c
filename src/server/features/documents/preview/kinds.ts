/** Which preview a file gets, by its extension: the stored MIME of an office file varies by browser. */
export type PreviewKind = "text" | "office" | "email";

const TEXT = new Set(["txt", "md", "csv", "json", "xml", "log"]);
const OFFICE = new Set([
  "docx",
  "doc",
  "xlsx",
  "xls",
  "pptx",
  "ppt",
  "odt",
  "ods",
  "odp",
  "wps",
  "rtf",
]);

export const previewKindOf = (name: string): PreviewKind | undefined => {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (TEXT.has(ext)) return "text";
  if (OFFICE.has(ext)) return "office";
  if (ext === "eml") return "email";
  return undefined;
};
