import type { FastifyReply, FastifyRequest } from "fastify";

import { PREVIEW_MIMES } from "../../../shared/name-rules";
import type { BlobStore, ByteRange } from "./storage/blob-store";

/** RFC 5987 value: percent-encoded UTF-8, with the few characters encodeURIComponent leaves. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `attachment; filename="___.pdf"; filename*=UTF-8''%E5%88%A4...`: browsers use filename*, so
 * "判决书.pdf" keeps its Chinese name; the ASCII fallback is for old clients only.
 */
export const contentDisposition = (name: string, isInline = false) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `${isInline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
};

/**
 * One `bytes=` range (start-end, start- or -suffix); undefined means "send it all" (no header,
 * or several ranges, which we answer whole as RFC 9110 allows); "invalid" means 416.
 */
export const parseRange = (
  header: string | undefined,
  size: number,
): ByteRange | undefined | "invalid" => {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(",") ? undefined : "invalid";
  const [, from, to] = match;
  if (from === "" && to === "") return "invalid";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "invalid";
  return { start, end };
};

export type BodyInfo = {
  key: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  workspaceId: string;
  fileId: string;
};

/** What sendBody needs of a file row and one of its version rows. */
export const bodyInfo = (
  file: { id: string; workspaceId: string; name: string },
  version: { storageKey: string; mime: string; size: number; sha256: string },
): BodyInfo => ({
  key: version.storageKey,
  name: file.name,
  mime: version.mime,
  size: version.size,
  sha256: version.sha256,
  workspaceId: file.workspaceId,
  fileId: file.id,
});

/**
 * Streams a stored body from disk with Range support: the store's read stream (4 MiB reads) is
 * piped to the socket, so memory stays flat whatever the size. Only PDFs and raster images are
 * ever shown inline; everything else is an attachment, so a stored HTML or SVG can never run in
 * our origin. A sealed file (e-signing) is re-hashed first and refused if it changed.
 */
export const sendBody = async (
  req: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  body: BodyInfo,
  wantsInline: boolean,
  cacheControl = "private, no-cache",
) => {
  await req.server.downloadChecks.assertServable(req.server.database.db, body.workspaceId, [
    { fileId: body.fileId, open: () => store.open(body.key) },
  ]);
  const isInline = wantsInline && PREVIEW_MIMES.has(body.mime);
  const etag = `"${body.sha256}"`;
  reply
    .header("accept-ranges", "bytes")
    .header("etag", etag)
    .header("cache-control", cacheControl)
    .header("content-type", body.mime)
    .header("content-disposition", contentDisposition(body.name, isInline));
  if (req.headers["if-none-match"] === etag) return reply.code(304).send();
  const ifRange = req.headers["if-range"];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, body.size);
  if (range === "invalid") {
    reply.removeHeader("content-disposition");
    return reply
      .code(416)
      .header("content-range", `bytes */${body.size}`)
      .header("content-type", "application/json; charset=utf-8")
      .send({ code: 416, msg: req.t("errors.documents.rangeNotSatisfiable"), data: null });
  }
  if (!range) {
    reply.header("content-length", body.size);
    return reply.send(await store.open(body.key));
  }
  reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${body.size}`)
    .header("content-length", range.end - range.start + 1);
  return reply.send(await store.open(body.key, range));
};
