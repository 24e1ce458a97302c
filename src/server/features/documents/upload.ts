import type { Readable } from "node:stream";

import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";

import { isCalendarDate } from "../../../shared/calendar-dates";
import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import type { RequestCtx } from "../../lib/request-ctx";
import { assertCleanText, assertDecodedUtf8 } from "../../plugins/input-guard";
import { assertName, formatBytes } from "./common";
import { sniffContent } from "./content-check";
import { usedBytes } from "./files-service";
import { BlobTooLargeError, type BlobStore, type StagedBlob } from "./storage/blob-store";

export type UploadLimits = { maxFileBytes: number; maxFiles: number; quotaBytes: number };

export type ReceivedFile = {
  name: string;
  /** Folders of the dropped path below the target folder ("案卷/证据/a.pdf" -> ["案卷", "证据"]). */
  segments: string[];
  mime: string;
  blob: StagedBlob;
};

export type Received = {
  files: ReceivedFile[];
  folderId?: string;
  receiptDate?: string;
  /** Every folder the user dropped, so one without files can be reported instead of vanishing. */
  directories: string[];
  discardAll: () => Promise<void>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const splitPath = (relativePath: string) => {
  const segments = relativePath.split("/");
  for (const segment of segments) assertName(segment);
  return segments;
};

/** An upload with no file yet; discardAll() removes whatever was staged into it. */
export const emptyReceived = (): Received => {
  const received: Received = {
    files: [],
    directories: [],
    discardAll: async () => {
      await Promise.all(received.files.map((f) => f.blob.discard()));
    },
  };
  return received;
};

/** The target folder of an upload: another firm's or a malformed id is simply not found. */
export const folderIdField = (value: string | undefined) => {
  if (!value) return undefined;
  if (!UUID.test(value)) throw new AppError(404, "errors.documents.folderNotFound");
  return value;
};

/** The receipt date of a multipart or raw upload: a real day, or the same 400 ajv gives a query. */
export const receiptDateField = (value: string | undefined) => {
  if (!value) return undefined;
  if (!isCalendarDate(value)) {
    throw new AppError(400, "errors.validation", {
      fields: [{ field: "receiptDate", message: "validation.formats.date" }],
    });
  }
  return value;
};

/**
 * Where an uploaded file goes: its own name is a name, never a path (so "../x" is refused, not
 * rewritten); folders come only from the relative path of a dropped folder, whose every segment
 * must pass the name rules too ("案卷/证据/a.pdf" -> name a.pdf in 案卷/证据).
 */
export const itemPath = (filename: string, relativePath: string | undefined) => {
  assertName(filename);
  const segments = relativePath ? splitPath(relativePath) : [filename];
  const name = segments.pop() ?? filename;
  return { name, segments };
};

/**
 * The one way a file body enters the store, for the multipart and the raw-body upload alike:
 * streamed into staging under the per-file limit, then refused if empty or if its bytes are a
 * program, a script or not what the extension claims. A refused body is discarded here.
 * `guard` wraps the staging (the multipart path uses it to fail parts the parser left hanging).
 */
export const stageItem = async (
  store: BlobStore,
  body: Readable,
  item: { name: string; segments: string[] },
  limits: Pick<UploadLimits, "maxFileBytes">,
  guard: (run: () => Promise<StagedBlob>) => Promise<StagedBlob> = (run) => run(),
): Promise<ReceivedFile> => {
  let blob: StagedBlob;
  try {
    blob = await guard(() => store.stage(body, { maxBytes: limits.maxFileBytes }));
  } catch (err) {
    if (err instanceof BlobTooLargeError) {
      throw new AppError(413, "errors.documents.fileTooLarge", {
        params: { name: item.name, limit: formatBytes(limits.maxFileBytes) },
      });
    }
    throw err;
  }
  try {
    if (blob.size === 0)
      throw new AppError(400, "errors.documents.emptyItem", { params: { name: item.name } });
    const { mime } = await sniffContent(item.name, blob.head);
    return { ...item, mime, blob };
  } catch (err) {
    await blob.discard();
    throw err;
  }
};

const multipartError = (err: unknown, limits: UploadLimits) => {
  if (err instanceof AppError) return err;
  if (err instanceof BlobTooLargeError) return undefined;
  const code = (err as { code?: string } | null)?.code;
  if (code === "FST_FILES_LIMIT") {
    return new AppError(400, "errors.documents.tooManyItems", { params: { max: limits.maxFiles } });
  }
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError(400, "errors.badRequest");
  return undefined;
};

/**
 * Reads a multipart upload part by part, streaming each body into the blob store's staging
 * area and checking it as it goes. Nothing becomes visible here: the caller commits the staged
 * bodies with their rows, or calls discardAll(), which also runs on every failure below.
 */
export const receiveUpload = async (
  req: FastifyRequest,
  store: BlobStore,
  limits: UploadLimits,
): Promise<Received> => {
  if (!req.isMultipart()) {
    throw new AppError(415, "errors.unsupportedMediaType", {
      params: { type: String(req.headers["content-type"] ?? "") },
    });
  }
  const received = emptyReceived();
  let nextPath: string | undefined;
  const watchdog = watchRequest(req);
  try {
    const parts: AsyncIterableIterator<Multipart> = req.parts({
      // The raw name is kept (not reduced to its last segment) so "../x" is refused, not rewritten.
      preservePath: true,
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles + 1,
        fields: 100,
        parts: 200,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        const value = String(part.value);
        // Multipart fields are read here, after the edge's input guard: the same text rules.
        assertDecodedUtf8(value);
        assertCleanText(value, part.fieldname);
        if (part.fieldname === "relativePath") nextPath = value;
        else if (part.fieldname === "directory") received.directories.push(value);
        else if (part.fieldname === "folderId")
          received.folderId = folderIdField(value) ?? received.folderId;
        else if (part.fieldname === "receiptDate")
          received.receiptDate = receiptDateField(value) ?? received.receiptDate;
        continue;
      }
      if (received.files.length >= limits.maxFiles) {
        throw new AppError(400, "errors.documents.tooManyItems", {
          params: { max: limits.maxFiles },
        });
      }
      // The raw upload's `name` goes through the edge's text checks: the same answers here.
      assertDecodedUtf8(part.filename);
      assertCleanText(part.filename, "name");
      const item = itemPath(part.filename, nextPath);
      nextPath = undefined;
      received.files.push(
        await stageItem(store, part.file, item, limits, (run) => watchdog.stage(part.file, run)),
      );
    }
    // A connection cut between two parts ends the part stream quietly; it must not count as done.
    if (req.raw.readableAborted) throw new AppError(400, "errors.documents.uploadAborted");
    if (received.files.length === 0) throw new AppError(400, "errors.documents.noFiles");
    for (const dir of received.directories) {
      const prefix = `${dir.replace(/\/+$/, "")}/`;
      const hasFile = received.files.some((f) =>
        `${[...f.segments, f.name].join("/")}`.startsWith(prefix),
      );
      if (!hasFile)
        throw new AppError(400, "errors.documents.emptyFolder", { params: { name: dir } });
    }
    return received;
  } catch (err) {
    await received.discardAll();
    throw multipartError(err, limits) ?? err;
  } finally {
    watchdog.stop();
  }
};

type PartStream = Readable & { bytesRead?: number; _readableState?: { ended?: boolean } };

/** How long a part may make no progress after the request body is over before it is failed. */
const STALL_MS = 3000;

/**
 * The multipart parser does not always fail a part whose body was cut off: a body that ends
 * without its closing boundary (or a connection drop the parser misses) can leave the part
 * stream waiting forever. A dropped connection fails the part at once; after a complete body, a
 * part that stops receiving bytes without seeing its end is failed after STALL_MS (not at once:
 * under backpressure the parser may still hold unparsed bytes). The store then removes its
 * staged bytes.
 */
const watchRequest = (req: FastifyRequest) => {
  let current: PartStream | undefined;
  let timer: NodeJS.Timeout | undefined;
  const fail = () => {
    if (current && !current._readableState?.ended) {
      current.destroy(new AppError(400, "errors.documents.uploadAborted"));
    }
  };
  const onEnd = () => {
    let last = -1;
    let lastStream: PartStream | undefined;
    timer ??= setInterval(() => {
      const read = current?.bytesRead ?? -1;
      if (current && current === lastStream && read === last) fail();
      last = read;
      lastStream = current;
    }, STALL_MS);
  };
  const onClose = () => {
    if (req.raw.readableAborted) fail();
  };
  req.raw.on("end", onEnd);
  req.raw.on("close", onClose);
  if (req.raw.readableEnded) onEnd();
  return {
    stage: async <T>(stream: Readable, run: () => Promise<T>) => {
      // A part cut off before we got to it arrives already destroyed; piping it would wait forever.
      if (stream.destroyed) throw new AppError(400, "errors.documents.uploadAborted");
      current = stream;
      try {
        return await run();
      } finally {
        current = undefined;
      }
    },
    stop: () => {
      clearInterval(timer);
      req.raw.off("end", onEnd);
      req.raw.off("close", onClose);
    },
  };
};

/** 413 when the new bytes would take the firm over its quota; call under lockWorkspaceBytes. */
export const assertQuota = async (ctx: RequestCtx, db: Db, adding: number, quotaBytes: number) => {
  const used = await usedBytes(ctx, db);
  if (used + adding > quotaBytes) {
    throw new AppError(413, "errors.documents.quotaExceeded", {
      params: {
        used: formatBytes(used),
        quota: formatBytes(quotaBytes),
        size: formatBytes(adding),
      },
    });
  }
};
