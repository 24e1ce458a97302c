export const DOC_SUBJECT = "LAWFIRM_DOCUMENT_VIEW";

export type {
  DocFile,
  DocFolder,
  DocumentUsage as Usage,
  FileVersion,
  TrashRow,
} from "../../../shared/contracts/documents";

export const formatSize = (bytes: number | null | undefined) => {
  if (bytes === null || bytes === undefined) return "-";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
};
