import { AppError } from "../../../../shared/errors";
import type { RequestCtx } from "../../../lib/request-ctx";
import type { BlobStore } from "../storage/blob-store";
import { getFileBody } from "../versions";
import type { PreviewCache } from "./cache";
import { ConvertError, type createConverter } from "./convert";
import { readEmail } from "./email";
import { previewKindOf } from "./kinds";
import { decodeText, TEXT_PREVIEW_BYTES } from "./text";

export type PreviewDeps = {
  store: BlobStore;
  cache: PreviewCache;
  converter: ReturnType<typeof createConverter>;
  enabled: boolean;
};

const readBody = async (store: BlobStore, key: string, size: number, limit: number) => {
  const stream = await store.open(key, size > limit ? { start: 0, end: limit - 1 } : undefined);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const target = async (ctx: RequestCtx, deps: PreviewDeps, fileId: string, versionNo?: number) => {
  if (!deps.enabled) throw new AppError(404, "errors.documents.preview.off");
  const { file, version } = await getFileBody(ctx, fileId, versionNo);
  const kind = previewKindOf(file.name);
  if (!kind) throw new AppError(415, "errors.documents.preview.unsupported");
  return { file, version, kind };
};

/** What the viewer shows for a text file or an e-mail; for an office file, that a PDF follows. */
export const previewOf = async (
  ctx: RequestCtx,
  deps: PreviewDeps,
  fileId: string,
  versionNo?: number,
) => {
  const { version, kind } = await target(ctx, deps, fileId, versionNo);
  if (kind === "text") {
    return {
      kind,
      ...decodeText(
        await readBody(deps.store, version.storageKey, version.size, TEXT_PREVIEW_BYTES + 1),
      ),
    };
  }
  if (kind === "email") {
    if (version.size > 10 * TEXT_PREVIEW_BYTES)
      throw new AppError(413, "errors.documents.preview.tooLarge");
    return {
      kind,
      ...readEmail(await readBody(deps.store, version.storageKey, version.size, version.size)),
    };
  }
  return { kind };
};

/** An office file as PDF: from the cache, or converted once and kept. */
export const previewPdf = async (
  ctx: RequestCtx,
  deps: PreviewDeps,
  fileId: string,
  versionNo: number | undefined,
  maxBytes: number,
) => {
  const { file, version, kind } = await target(ctx, deps, fileId, versionNo);
  if (kind !== "office") throw new AppError(415, "errors.documents.preview.unsupported");
  const cached = await deps.cache.get(version.storageKey);
  if (cached) return cached;
  if (version.size > maxBytes) throw new AppError(413, "errors.documents.preview.tooLarge");
  const source = await readBody(deps.store, version.storageKey, version.size, version.size);
  try {
    const pdf = await deps.converter.toPdf(
      source,
      file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase(),
    );
    await deps.cache.put(version.storageKey, pdf);
    return pdf;
  } catch (error) {
    if (!(error instanceof ConvertError)) throw error;
    ctx.log?.warn({ fileId, reason: error.reason }, "preview conversion failed");
    const status = error.reason === "tooLarge" ? 413 : 422;
    throw new AppError(status, `errors.documents.preview.${error.reason}`);
  }
};
