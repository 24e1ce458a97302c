import type { Readable } from "node:stream";

import type { FastifyReply, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import { formatBytes } from "./common";
import type { BlobStore } from "./storage/blob-store";
import {
  assertQuota,
  emptyReceived,
  folderIdField,
  itemPath,
  receiptDateField,
  type Received,
  stageItem,
  type UploadLimits,
} from "./upload";

/**
 * The raw-body upload: one file per request, its bytes as the whole body
 * (`Content-Type: application/octet-stream`), what the multipart form fields said in the query.
 * No multipart parser sits between the socket and the disk, which is what makes a 200 MB upload
 * run at disk speed; the checks and the save are the multipart path's own (upload.ts,
 * save-uploads.ts).
 */
export type RawUploadQuery = {
  name: string;
  relativePath?: string;
  folderId?: string;
  receiptDate?: string;
};

export const RAW_CONTENT_TYPE = "application/octet-stream";

const declaredLength = (req: FastifyRequest) => {
  const header = req.headers["content-length"];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
};

/** The client hung up mid-body: Node fails the request stream with "aborted" / ECONNRESET. */
const isCutOff = (req: FastifyRequest, err: unknown) => {
  const e = err as { code?: string; message?: string } | null;
  return req.raw.readableAborted || e?.code === "ECONNRESET" || e?.message === "aborted";
};

/**
 * Refusals that need no byte of the body: the wrong content type, a declared length over the
 * per-file limit or over what the firm has left. The connection is closed with the answer, so
 * the client stops sending a body nobody will read. The quota is checked again, under the lock,
 * when the file is saved.
 */
const refuseEarly = async (
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  limits: UploadLimits,
) => {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  const declared = declaredLength(req);
  try {
    if (type !== RAW_CONTENT_TYPE) {
      throw new AppError(415, "errors.unsupportedMediaType", { params: { type } });
    }
    if (declared !== undefined && declared > limits.maxFileBytes) {
      throw new AppError(413, "errors.documents.fileTooLarge", {
        params: { name, limit: formatBytes(limits.maxFileBytes) },
      });
    }
    if (declared !== undefined) await assertQuota(req.ctx, req.ctx.db, declared, limits.quotaBytes);
  } catch (err) {
    reply.header("connection", "close");
    throw err;
  }
  return declared;
};

/**
 * Streams the request body into staging as one file, with the same name rules, size limit,
 * content sniffing and cleanup as a multipart part. The caller saves the result with
 * createUploadedFiles or addFileVersion, exactly as for a multipart upload.
 */
export const receiveRawUpload = async (
  req: FastifyRequest<{ Querystring: RawUploadQuery }>,
  reply: FastifyReply,
  store: BlobStore,
  limits: UploadLimits,
): Promise<Received> => {
  const { query } = req;
  const received = emptyReceived();
  received.folderId = folderIdField(query.folderId);
  received.receiptDate = receiptDateField(query.receiptDate);
  const item = itemPath(query.name, query.relativePath);
  const declared = await refuseEarly(req, reply, item.name, limits);
  // The documents plugin's octet-stream parser hands the body over unread (routes.ts).
  const body = req.body as Readable;
  try {
    const file = await stageItem(store, body, item, limits);
    received.files.push(file);
    if (declared !== undefined && file.blob.size !== declared)
      throw new AppError(400, "errors.documents.uploadAborted");
    return received;
  } catch (err) {
    await received.discardAll();
    if (!(err instanceof AppError) && isCutOff(req, err))
      throw new AppError(400, "errors.documents.uploadAborted");
    throw err;
  }
};
