import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

import { sql } from "drizzle-orm";

import { translatorFor } from "../../lib/i18n";
import type { PdfFont } from "../../lib/pdf-font";
import type { RequestCtx } from "../../lib/request-ctx";
import {
  type BlobStore,
  ConvertError,
  type OfficeConverter,
  previewKindOf,
  readFileBytes,
} from "../documents";
import { contentsPdf, coverPdf, imagePdf, notePdf, textPdf } from "./pdf-parts";
import { itemsOf } from "./volumes";

const exec = promisify(execFile);

/** Why a merge stopped; each becomes archive.mergeErrors.<reason> in the reader's language. */
export class MergeError extends Error {
  constructor(
    readonly reason: "timeout" | "tooLarge" | "unsupported" | "convert" | "unreadable",
    readonly file?: string,
  ) {
    super(reason);
  }
}

export type BuildDeps = {
  store: BlobStore;
  converter: OfficeConverter;
  font: PdfFont;
  timeoutMs: number;
  maxBytes: number;
  /** Tests: stop as a killed process would, after this many files. */
  crashAfterFiles?: number;
};

export const pagesOf = async (file: string) =>
  Number((await exec("qpdf", ["--show-npages", file])).stdout.trim());

export const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (c) => hash.update(c))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });

const IMAGES: Record<string, "png" | "jpg"> = { png: "png", jpg: "jpg", jpeg: "jpg" };

/** One file of the volume as a PDF on disk: PDFs as they are, images and text set on pages, Office converted. */
const filePdf = async (ctx: RequestCtx, deps: BuildDeps, fileId: string, out: string) => {
  const { name, bytes } = await readFileBytes(ctx, deps.store, fileId);
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  let pdf: Buffer;
  if (ext === "pdf") pdf = bytes;
  else if (IMAGES[ext]) pdf = await imagePdf(bytes, IMAGES[ext]);
  else if (previewKindOf(name) === "office") {
    try {
      pdf = await deps.converter.toPdf(bytes, ext);
    } catch (error) {
      if (error instanceof ConvertError) throw new MergeError("convert", name);
      throw error;
    }
  } else if (previewKindOf(name) === "text") pdf = await textPdf(deps.font, bytes.toString("utf8"));
  else throw new MergeError("unsupported", name);
  await writeFile(out, pdf);
  return name;
};

type Facts = {
  firm: string;
  volumeNo: string;
  caseNo: string;
  caseName: string;
  client: string;
  lawyer: string;
  closedOn: string;
  archivedOn: string;
  retentionYears: number;
  closingSummary: string;
};

const factsOf = async (ctx: RequestCtx, volumeId: string): Promise<Facts> => {
  const result = await ctx.db.execute(sql`
    select w.name as firm, v.volume_no as "volumeNo", c.case_no as "caseNo", c.name as "caseName",
           a.name as client, coalesce(u.name, '') as lawyer,
           v.closed_on::text as "closedOn", coalesce(to_char(v.archived_at, 'YYYY-MM-DD'), '') as "archivedOn",
           v.retention_years as "retentionYears",
           coalesce((select cc.summary from case_closings cc where cc.workspace_id = v.workspace_id
              and cc.case_id = v.case_id and cc.status = 'approved' order by cc.created_at desc limit 1), '') as "closingSummary"
      from archive_volumes v
      join workspaces w on w.id = v.workspace_id
      join cases c on c.workspace_id = v.workspace_id and c.id = v.case_id
      left join accounts a on a.workspace_id = c.workspace_id and a.id = c.account_id
      left join users u on u.id = c.lead_lawyer_id
     where v.workspace_id = ${ctx.workspaceId} and v.id = ${volumeId}`);
  return (result as unknown as { rows: Facts[] }).rows[0];
};

/**
 * Builds the volume's merged PDF in `dir`, streaming: each file becomes its own PDF on disk and
 * is counted (qpdf --show-npages), then the cover, the contents (with each part's first page)
 * and the closing note are made, and qpdf joins the parts page by page into `merged.pdf.part`,
 * renamed to `merged.pdf` only when complete — a crash leaves no merged.pdf or a whole one.
 * Nothing ever holds more than one file in memory.
 */
export const buildVolumePdf = async (
  ctx: RequestCtx,
  deps: BuildDeps,
  volumeId: string,
  dir: string,
) => {
  const started = Date.now();
  const t = translatorFor(ctx.lang);
  const check = async (file: string, total: { bytes: number }) => {
    if (Date.now() - started > deps.timeoutMs) throw new MergeError("timeout");
    total.bytes += (await stat(file)).size;
    if (total.bytes > deps.maxBytes) throw new MergeError("tooLarge");
  };
  const total = { bytes: 0 };
  const items = (await itemsOf(ctx, volumeId)).filter((i) => i.included);
  const parts: { title: string; file: string; pages: number }[] = [];
  let done = 0;
  for (const item of items) {
    if (!item.fileId) continue;
    if (deps.crashAfterFiles !== undefined && done >= deps.crashAfterFiles)
      throw new Error("simulated crash");
    const file = path.join(dir, `part-${String(parts.length).padStart(4, "0")}.pdf`);
    const name = await filePdf(ctx, deps, item.fileId, file);
    await check(file, total);
    const title =
      item.kind === "quality-card" ? `${t("archive.parts.qualityCard")}（${name}）` : name;
    // A damaged PDF (or one without pages) fails the merge with its name, rather than throwing
    // out of the job and leaving the volume "running" to be taken again and again.
    const pages = await pagesOf(file).catch(() => Number.NaN);
    if (!Number.isInteger(pages) || pages < 1) throw new MergeError("unreadable", name);
    parts.push({ title, file, pages });
    done += 1;
  }
  const facts = await factsOf(ctx, volumeId);
  const cover = path.join(dir, "cover.pdf");
  await writeFile(
    cover,
    await coverPdf(deps.font, {
      firm: facts.firm,
      title: t("archive.parts.cover"),
      facts: [
        [t("archive.fields.volumeNo"), facts.volumeNo],
        [t("archive.fields.caseNo"), facts.caseNo],
        [t("archive.fields.caseName"), facts.caseName],
        [t("archive.fields.client"), facts.client],
        [t("archive.fields.lawyer"), facts.lawyer],
        [t("archive.fields.closedOn"), facts.closedOn],
        [t("archive.fields.archivedOn"), facts.archivedOn],
        [t("archive.fields.retentionYears"), String(facts.retentionYears)],
      ],
    }),
  );
  const coverPages = await pagesOf(cover);
  const filePages = parts.reduce((n, p) => n + p.pages, 0);
  const note = path.join(dir, "note.pdf");
  await writeFile(
    note,
    await notePdf(deps.font, {
      title: t("archive.parts.closingNote"),
      facts: [
        [
          t("archive.fields.summary"),
          t("archive.notes.counts", { files: parts.length, pages: filePages }),
        ],
        [t("archive.fields.closingSummary"), facts.closingSummary],
        [t("archive.fields.archivedOn"), facts.archivedOn],
      ],
    }),
  );
  const notePages = await pagesOf(note);
  // The contents' own length moves every page number after it: made again until it is stable.
  const contents = path.join(dir, "contents.pdf");
  let contentsPages = 1;
  for (let round = 0; round < 5; round += 1) {
    let page = coverPages + contentsPages + 1;
    const rows: [string, string, string][] = parts.map((p, i) => {
      const row: [string, string, string] = [String(i + 1), p.title, String(page)];
      page += p.pages;
      return row;
    });
    rows.push([String(parts.length + 1), t("archive.parts.closingNote"), String(page)]);
    await writeFile(
      contents,
      await contentsPdf(deps.font, {
        title: t("archive.parts.contents"),
        header: [t("archive.fields.no"), t("archive.fields.title"), t("archive.fields.page")],
        rows,
      }),
    );
    const counted = await pagesOf(contents);
    if (counted === contentsPages) break;
    contentsPages = counted;
  }
  const order = [cover, contents, ...parts.map((p) => p.file), note];
  const partial = path.join(dir, "merged.pdf.part");
  await exec("qpdf", ["--empty", "--pages", ...order, "--", partial], {
    timeout: Math.max(1000, deps.timeoutMs - (Date.now() - started)),
  });
  await check(partial, { bytes: total.bytes });
  const merged = path.join(dir, "merged.pdf");
  await rename(partial, merged);
  return {
    file: merged,
    pages: await pagesOf(merged),
    sha256: await sha256Of(merged),
    parts: coverPages + contentsPages + filePages + notePages,
  };
};
