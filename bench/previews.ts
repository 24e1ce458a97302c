import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { createConverter, findSoffice } from "../src/server/features/documents/preview/convert";
import { docxOfBody, docxParagraph } from "../tests/fixtures/docx";
import { login, startApp, stop } from "./lib/servers";

/**
 * bench/previews: time to the first preview of a 30-page .docx through the HTTP routes, as the
 * viewer asks for it: upload the file (raw body), then GET …/preview (the kind) and
 * GET …/preview.pdf. Cold: the first request of a version, LibreOffice converts it in its
 * bubblewrap box (process start, fresh profile, layout, PDF, written to DATA_DIR/previews);
 * cached: the same two requests again, the PDF read back from the cache. Each cold round uploads
 * a different document (bodies are content-addressed, so the same bytes would hit the cache).
 * The app runs in its own process on the embedded database, as `npm run serve` would.
 * Prints figures only. `BENCH_ROUNDS` (default 3) cold rounds, 20 cached requests.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGES = 30;
const PORT = Number(process.env.BENCH_PORT ?? 3224);

const docx = (round: number) =>
  docxOfBody(
    Array.from({ length: PAGES }, (_, p) =>
      [
        docxParagraph(`第 ${p + 1} 页 Page ${p + 1} (round ${round})`),
        ...Array.from({ length: 25 }, (_, i) =>
          docxParagraph(`本院认为，原告的诉讼请求有事实和法律依据 ${p + 1}.${i + 1}。`),
        ),
        `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`,
      ].join(""),
    ).join(""),
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const main = async () => {
  if (!findSoffice()) {
    console.log(
      "soffice not installed: install libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress",
    );
    return;
  }
  const probeDir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-previews-"));
  const isolation = await createConverter({
    timeoutMs: 1,
    maxBytes: 1,
    concurrency: 1,
    workDir: probeDir,
  }).isolation();
  rmSync(probeDir, { recursive: true, force: true });
  const { child, dataDir } = await startApp(PORT, {
    DATABASE_URL: "",
    PREVIEW_TIMEOUT_MS: "120000",
    DOCUMENTS_PURGE_INTERVAL_SECONDS: "0",
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const auth = { authorization: `Bearer ${await login(base, "admin")}` };
    const data = async <T>(res: Response) => {
      if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    };
    const uploadDocx = async (body: Buffer, name: string) => {
      const { token } = await data<{ token: string }>(
        await fetch(`${base}/api/user-service/user/get-up-token`, { headers: auth }),
      );
      const url = `${base}/api/documents/files/raw?name=${encodeURIComponent(name)}`;
      const headers = {
        ...auth,
        "x-upload-token": token,
        "content-type": "application/octet-stream",
      };
      return (
        await data<{ id: string }[]>(
          await fetch(url, { method: "POST", headers, body: new Uint8Array(body) }),
        )
      )[0].id;
    };
    /** What the viewer does on opening the file: the kind, then the PDF. */
    const open = async (id: string) => {
      const start = performance.now();
      const { kind } = await data<{ kind: string }>(
        await fetch(`${base}/api/documents/files/${id}/preview`, { headers: auth }),
      );
      if (kind !== "office") throw new Error(`kind ${kind}`);
      const res = await fetch(`${base}/api/documents/files/${id}/preview.pdf`, { headers: auth });
      if (!res.ok) throw new Error(`preview.pdf: ${res.status} ${await res.text()}`);
      const pdf = Buffer.from(await res.arrayBuffer());
      return { ms: performance.now() - start, pdf };
    };

    // Warm-up: the routes' code and the app's first queries, on a small text file.
    await data(
      await fetch(
        `${base}/api/documents/files/${await uploadDocx(Buffer.from("warm-up"), "warm-up.txt")}/preview`,
        { headers: auth },
      ),
    );

    const cold: number[] = [];
    let last = { id: "", bytes: 0, pdf: Buffer.alloc(0) };
    for (let round = 0; round < ROUNDS; round += 1) {
      const body = await docx(round);
      const id = await uploadDocx(body, `起诉状-${round}.docx`);
      const { ms, pdf } = await open(id);
      cold.push(ms);
      last = { id, bytes: body.length, pdf };
    }
    const cached: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const { ms, pdf } = await open(last.id);
      if (!pdf.equals(last.pdf)) throw new Error("the cached PDF differs from the converted one");
      cached.push(ms);
    }
    console.log(
      `30-page docx: ${(last.bytes / 1024).toFixed(0)} KB -> PDF ${(last.pdf.length / 1024).toFixed(0)} KB, ${(last.pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length} pages; converter sandbox: ${isolation}`,
    );
    console.log(
      `cold (first preview of a version, converted): median ${median(cold).toFixed(0)} ms over ${ROUNDS} [${cold.map((c) => c.toFixed(0)).join(", ")}]`,
    );
    console.log(
      `cached (the same version again): median ${median(cached).toFixed(1)} ms over 20, max ${Math.max(...cached).toFixed(1)} ms`,
    );
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

void main();
