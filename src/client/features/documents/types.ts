export const DOC_SUBJECT = "LAWFIRM_DOCUMENT_VIEW";

export type DocFolder = {
  id: string;
  parentId: string | null;
  name: string;
  version: number;
};

export type DocFile = {
  id: string;
  name: string;
  folderId: string | null;
  folderName: string | null;
  size: number;
  mime: string;
  currentVersion: number;
  receiptDate: string | null;
  createdAt: string;
  uploaderName: string | null;
  updatedAt: string;
  version: number;
};

export type FileVersion = {
  id: string;
  versionNo: number;
  name: string;
  size: number;
  createdAt: string;
  uploaderName: string | null;
};

export type TrashRow = {
  id: string;
  type: "file" | "folder";
  name: string;
  size: number | null;
  deletedAt: string;
  deletedByName: string | null;
};

export type Usage = {
  usedBytes: number;
  quotaBytes: number;
  maxFileBytes: number;
  maxFiles: number;
  zipMaxBytes: number;
};

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
