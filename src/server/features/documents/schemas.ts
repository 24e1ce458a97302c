/** JSON schemas of the documents routes (Fastify's ajv checks requests before any handler runs). */
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
