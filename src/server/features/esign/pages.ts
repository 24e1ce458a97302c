import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { PDFDocument } from "pdf-lib";

import type { PageSize } from "../../../shared/contracts/esign";
import { AppError } from "../../../shared/errors";

/** Page count and sizes (points, as shown: a page rotated 90° reports its turned size); a file pdf-lib cannot open is not a PDF we can sign. */
export const pdfPages = async (bytes: Buffer): Promise<PageSize[]> => {
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-")
    throw new AppError(400, "esign.errors.notPdf");
  // A damaged file may load and only fail when its page tree is walked: both are "not a PDF we can sign".
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = doc.getPages().map((p) => {
      const { width, height } = p.getSize();
      const turned = p.getRotation().angle % 180 !== 0;
      return turned ? { width: height, height: width } : { width, height };
    });
    if (pages.length === 0) throw new Error("no pages");
    return pages;
  } catch {
    throw new AppError(400, "esign.errors.notPdf");
  }
};

const run = (cmd: string, args: string[], timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited ${code}: ${err.slice(0, 300)}`));
    });
  });

/**
 * Page n as a PNG about 1000 px wide, drawn by poppler's pdftoppm (the same renderer pdfsig and
 * pdftotext come from), cached on disk by the document's hash: the signer's page and the
 * lawyer's field placement show exactly the bytes that will be signed.
 */
export const createPageRenderer = (cacheDir: string) => {
  const fileOf = (sha: string, n: number) => path.join(cacheDir, `${sha}-${n}.png`);
  return async (bytesOf: () => Promise<Buffer>, sha: string, n: number) => {
    const cached = await readFile(fileOf(sha, n)).catch(() => undefined);
    if (cached) return cached;
    const dir = await mkdtemp(path.join(os.tmpdir(), "lm-esign-"));
    try {
      await writeFile(path.join(dir, "in.pdf"), await bytesOf());
      await run(
        "pdftoppm",
        [
          "-f",
          String(n),
          "-l",
          String(n),
          "-png",
          "-scale-to",
          "1000",
          "-singlefile",
          path.join(dir, "in.pdf"),
          path.join(dir, "out"),
        ],
        60_000,
      ).catch(() => {
        throw new AppError(500, "esign.errors.renderFailed");
      });
      const png = await readFile(path.join(dir, "out.png"));
      await mkdir(cacheDir, { recursive: true });
      const tmp = `${fileOf(sha, n)}.${process.pid}.tmp`;
      await writeFile(tmp, png);
      await rename(tmp, fileOf(sha, n));
      return png;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
};
export type PageRenderer = ReturnType<typeof createPageRenderer>;
