/**
 * Documents' answers as the server sends them and the client reads them (timestamps are ISO
 * text, a receipt date YYYY-MM-DD). One definition, so the two cannot drift.
 */

/** A live folder (GET /documents/folders). */
export type DocFolder = {
  id: string;
  parentId: string | null;
  name: string;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  version: number;
};

/** A live file with its folder's and uploader's names (GET /documents/files). */
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
  createdBy: string;
  uploaderName: string | null;
  updatedAt: string;
  version: number;
};

/** What keeps a file undeletable: the record that relies on it, named in the refusal. */
export type FileLock = { entity: string; entityId: string; label: string };
/** GET /documents/files/:id. */
export type DocFileDetail = DocFile & { locks: FileLock[] };

/** One stored version of a file, newest first (GET …/files/:id/versions). */
export type FileVersion = {
  id: string;
  versionNo: number;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  createdAt: string;
  createdBy: string;
  uploaderName: string | null;
};

/** A folder or file in the trash (GET /documents/trash). */
export type TrashRow = {
  id: string;
  type: "file" | "folder";
  name: string;
  size: number | null;
  deletedAt: string;
  deletedByName: string | null;
};

/** GET /documents/usage: the firm's storage and the upload and zip limits. */
export type DocumentUsage = {
  usedBytes: number;
  quotaBytes: number;
  maxFileBytes: number;
  maxFiles: number;
  zipMaxBytes: number;
};

/** PATCH /documents/files/:id: rename, move or date a file, at the version read. */
export type FileUpdate = {
  name?: string;
  folderId?: string | null;
  receiptDate?: string | null;
  version: number;
};
