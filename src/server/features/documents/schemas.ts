/** JSON schemas of the documents routes (Fastify's ajv checks requests before any handler runs). */
import type {
  DocFile,
  DocFileDetail,
  DocFolder,
  DocumentUsage,
  FileLock,
  FileVersion,
  TrashRow,
} from "../../../shared/contracts/documents";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";
import { dateFilter, listQuery, textFilter } from "../../lib/list-query";
import { FILE_SORT } from "./files-service";

export const fileListQuery = listQuery(Object.keys(FILE_SORT), {
  folderId: textFilter,
  name_like: textFilter,
  q: textFilter,
  createdBy: textFilter,
  receiptDate_gte: dateFilter,
  receiptDate_lte: dateFilter,
});

export const filePatch = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 255 },
    folderId: { type: ["string", "null"], format: "uuid" },
    // Checked by the service after the file lookup, so another firm's id is a 404 first.
    receiptDate: { type: ["string", "null"], format: "date" },
    version: { type: "integer", minimum: 1 },
  },
} as const;

export const contentQuery = {
  type: "object",
  properties: { inline: { type: "boolean" }, version: { type: "integer", minimum: 1 } },
} as const;

export const folderBody = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 255 },
    parentId: { type: ["string", "null"], format: "uuid" },
  },
} as const;

export const folderPatch = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { ...folderBody.properties, version: { type: "integer", minimum: 1 } },
} as const;

export const restoreBody = {
  type: "object",
  required: ["type", "id"],
  additionalProperties: false,
  properties: {
    type: { type: "string", enum: ["file", "folder"] },
    id: { type: "string", format: "uuid" },
  },
} as const;

export const fileTicketBody = {
  type: "object",
  additionalProperties: false,
  properties: { inline: { type: "boolean" }, version: { type: "integer", minimum: 1 } },
} as const;

export const rawUploadQuerySchema = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: {
    // The name rules (length included) are assertName's, so the answer matches the multipart path's.
    name: { type: "string", maxLength: 4096 },
    relativePath: { type: "string", maxLength: 4096 },
    // Checked by folderIdField / receiptDateField, so the answers match the multipart path's.
    folderId: { type: "string", maxLength: 64 },
    receiptDate: { type: "string", format: "date" },
  },
} as const;

export const previewQuery = {
  type: "object",
  additionalProperties: false,
  properties: { version: { type: "integer", minimum: 1 } },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;
const maybe = orNull("string");
const int = { type: "integer" } as const;
const num = { type: "number" } as const;
const fileFields = fieldsOf<DocFile>()({
  id: str,
  name: str,
  folderId: maybe,
  folderName: maybe,
  size: num,
  mime: str,
  currentVersion: int,
  receiptDate: maybe,
  createdAt: str,
  createdBy: str,
  uploaderName: maybe,
  updatedAt: str,
  version: int,
});

export const fileListAnswer = answers(listOf({ type: "object", properties: fileFields }));
export const fileDetailAnswer = answers({
  type: "object",
  properties: fieldsOf<DocFileDetail>()({
    ...fileFields,
    locks: listOf({
      type: "object",
      properties: fieldsOf<FileLock>()({ entity: str, entityId: str, label: str }),
    }),
  }),
});
export const versionListAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<FileVersion>()({
      id: str,
      versionNo: int,
      name: str,
      size: num,
      mime: str,
      sha256: str,
      createdAt: str,
      createdBy: str,
      uploaderName: maybe,
    }),
  }),
);
export const folderListAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<DocFolder>()({
      id: str,
      parentId: maybe,
      name: str,
      createdAt: str,
      createdBy: maybe,
      updatedAt: str,
      version: int,
    }),
  }),
);
export const trashAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<TrashRow>()({
      id: str,
      type: str,
      name: str,
      size: orNull("number"),
      deletedAt: str,
      deletedByName: maybe,
    }),
  }),
);
export const usageAnswer = answers({
  type: "object",
  properties: fieldsOf<DocumentUsage>()({
    usedBytes: num,
    quotaBytes: num,
    maxFileBytes: num,
    maxFiles: num,
    zipMaxBytes: num,
  }),
});
