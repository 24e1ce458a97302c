import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { createPreviewCache } from "../src/server/features/documents/preview/cache";
import { createConverter, findSoffice } from "../src/server/features/documents/preview/convert";

/**
 * bench/previews: time to the first preview of a 30-page .docx, cold (LibreOffice converts it:
 * process start, profile creation, layout, PDF) and cached (the PDF read back from
 * DATA_DIR/previews), through the same converter and cache the preview route uses. Prints
 * figures only. `BENCH_ROUNDS` (default 3) cold conversions, each in a fresh profile as in use.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGES = 30;

const docx = async () => {
  const { ZipArchive } = await import("archiver");
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => archive.on("end", resolve));
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const pages = Array.from({ length: PAGES }, (_, p) =>
    [para(`第 ${p + 1} 页 Page ${p + 1}`), ...Array.from({ length: 25 }, (_, i) => para(`本院认为，原告的诉讼请求有事实和法律依据 ${p + 1}.${i + 1}。`)), `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`].join(""),
  ).join("");
  archive.append(`${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`, { name: "[Content_Types].xml" });
  archive.append(`${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`, { name: "_rels/.rels" });
  archive.append(`${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${pages}</w:body></w:document>`, { name: "word/document.xml" });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const main = async () => {
  if (!findSoffice()) {
    console.log("soffice not installed: install libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress");
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-previews-"));
  const converter = createConverter({ timeoutMs: 120_000, maxBytes: 50 * 1024 ** 2, concurrency: 1 });
  const cache = createPreviewCache(path.join(dir, "previews"));
  const source = await docx();
  console.log(`30-page docx: ${(source.length / 1024).toFixed(0)} KB; network isolation (unshare -n): ${(await converter.isolated()) ? "yes" : "no"}`);
  const cold: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    pdf = await converter.toPdf(source, "docx");
    cold.push(performance.now() - start);
  }
  await cache.put("bench", pdf);
  const warm: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const start = performance.now();
    await cache.get("bench");
    warm.push(performance.now() - start);
  }
  console.log(`PDF: ${(pdf.length / 1024).toFixed(0)} KB`);
  console.log(`cold (convert): median ${median(cold).toFixed(0)} ms over ${ROUNDS} [${cold.map((c) => c.toFixed(0)).join(", ")}]`);
  console.log(`cached (read from DATA_DIR/previews): median ${median(warm).toFixed(2)} ms over 20`);
  rmSync(dir, { recursive: true, force: true });
};

void main();
