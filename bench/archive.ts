import { randomUUID } from "node:crypto";

import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts } from "pdf-lib";

import { findSoffice } from "../src/server/features/documents/preview/convert";
import { docxOfBody, docxParagraph } from "../tests/fixtures/docx";
import { PNG_BODY } from "../tests/fixtures/documents";
import { login, rssMb, startApp, stop } from "./lib/servers";

/**
 * bench/archive: assembling one archive volume of about 300 pages from 40 mixed files — 20 PDFs of
 * 10 pages, 10 .docx of ~7 pages (LibreOffice in its sandbox), 5 .xlsx and 5 images — through the
 * HTTP routes as the archivist does it: upload into the case folder, open the volume, order it,
 * submit it, accept the approval; then the merge job (every second here) builds the PDF. Prints
 * the seconds from the accept to the stored merged PDF, its pages, the app's peak resident memory
 * over its idle baseline, and the case list's p50/p99 measured before and during the assembly
 * (the same request, the same process: the ratio is the cost of the merge to everyone else).
 * Targets (issue 29): ≤ 60 s, ≤ +300 MB. The app runs on the embedded database in its own process.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3226);

const pdf = async (pages: number, label: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++)
    doc.addPage([595, 842]).drawText(`${label} page ${p + 1}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
};
const docx = (n: number) =>
  docxOfBody(
    Array.from({ length: 7 }, (_, p) =>
      [
        docxParagraph(`文书 ${n} 第 ${p + 1} 页`),
        ...Array.from({ length: 20 }, (_, i) =>
          docxParagraph(`本院认为，证据 ${n}.${p + 1}.${i + 1}。`),
        ),
        `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`,
      ].join(""),
    ).join(""),
  );
const xlsx = async (n: number) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("费用");
  for (let r = 1; r <= 60; r++) sheet.addRow([`${n}-${r}`, "诉讼费", r * 100]);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const main = async () => {
  if (!findSoffice()) {
    console.log(
      "soffice not installed: install libreoffice-core libreoffice-writer libreoffice-calc",
    );
    return;
  }
  const { child } = await startApp(PORT, {
    DATABASE_URL: "",
    ARCHIVE_MERGE_INTERVAL_MS: "1000",
    PREVIEW_TIMEOUT_MS: "120000",
    DOCUMENTS_PURGE_INTERVAL_SECONDS: "0",
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const auth = { authorization: `Bearer ${await login(base, "admin")}` };
    const call = async <T>(method: string, url: string, body?: unknown, extra = {}) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...extra,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    };
    // A formal demo case, closed by the administrator, is the one archived.
    const formal = await call<{ id: string; version: number; folderId: string }[]>(
      "GET",
      "/api/cases?status=formal&_start=0&_end=1",
    );
    const kase = await call<{ id: string; version: number; folderId: string }>(
      "GET",
      `/api/cases/${formal[0].id}`,
    );
    await call("POST", `/api/cases/${kase.id}/close`, { version: kase.version });
    const closed = await call<{ folderId: string }>("GET", `/api/cases/${kase.id}`);
    const upload = async (name: string, body: Buffer) => {
      const { token } = await call<{ token: string }>("GET", "/api/user-service/user/get-up-token");
      const q = `name=${encodeURIComponent(name)}&folderId=${closed.folderId}`;
      const res = await fetch(`${base}/api/documents/files/raw?${q}`, {
        method: "POST",
        headers: { ...auth, "x-upload-token": token, "content-type": "application/octet-stream" },
        body: new Uint8Array(body),
      });
      if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
    };
    for (let i = 0; i < 20; i++)
      await upload(`证据${i + 1}.pdf`, await pdf(10, `evidence ${i + 1}`));
    for (let i = 0; i < 10; i++) await upload(`文书${i + 1}.docx`, await docx(i + 1));
    for (let i = 0; i < 5; i++) await upload(`费用${i + 1}.xlsx`, await xlsx(i + 1));
    for (let i = 0; i < 5; i++) await upload(`照片${i + 1}.png`, PNG_BODY);
    const volume = await call<{ id: string }>("POST", `/api/cases/${kase.id}/archive-volume`);

    const list = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await call("GET", "/api/cases?_start=0&_end=20");
        times.push(performance.now() - t0);
      }
      return times;
    };
    const idle = await rssMb(child.pid!);
    const before = await list(200);

    const { instanceId } = await call<{ instanceId: string }>(
      "POST",
      `/api/archive-volumes/${volume.id}/submissions`,
      undefined,
      { "idempotency-key": randomUUID() },
    );
    const detail = await call<{ myTasks: { id: string }[] }>(
      "GET",
      `/api/workflow/instances/${instanceId}`,
    );
    await call(
      "POST",
      `/api/workflow/instances/${instanceId}/actions`,
      { type: "accept", taskId: detail.myTasks[0].id },
      { "idempotency-key": randomUUID() },
    );
    const started = performance.now();
    let peak = idle;
    const during: number[] = [];
    let done: { mergeStatus: string; mergedPages: number | null; mergeError: string | null };
    for (;;) {
      during.push(...(await list(5)));
      peak = Math.max(peak, await rssMb(child.pid!));
      done = await call("GET", `/api/archive-volumes/${volume.id}`);
      if (done.mergeStatus === "done" || done.mergeStatus === "failed") break;
      if (performance.now() - started > 15 * 60_000) throw new Error("merge did not end");
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`merge ${done.mergeStatus}${done.mergeError ? ` (${done.mergeError})` : ""}`);
    console.log(
      `volume: 40 files, ${done.mergedPages} pages, ${seconds.toFixed(1)} s (target ≤ 60 s)`,
    );
    console.log(
      `app RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, +${(peak - idle).toFixed(0)} MB (target ≤ +300 MB)`,
    );
    console.log(
      `case list p50/p99: before ${pct(before, 50).toFixed(1)}/${pct(before, 99).toFixed(1)} ms, ` +
        `during ${pct(during, 50).toFixed(1)}/${pct(during, 99).toFixed(1)} ms (${during.length} requests, ` +
        `p99 ×${(pct(during, 99) / pct(before, 99)).toFixed(2)})`,
    );
  } finally {
    await stop(child);
  }
};

void main();
