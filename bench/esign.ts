import { PDFDocument, StandardFonts } from "pdf-lib";

import { DEFAULT_PDF_FONT } from "../src/server/lib/pdf-font";
import { generateP12 } from "../src/server/features/esign/certificate";
import { appendCertificatePage } from "../src/server/features/esign/certificate-page";
import { flattenFields } from "../src/server/features/esign/flatten";
import { signDocument } from "../src/server/features/esign/sign-pdf";
import type { EsignField } from "../src/shared/contracts/esign";

/**
 * bench/esign: sealing a 30-page contract signed by two signers, as completion does it (marks
 * flattened into the pages, the bilingual certificate page with its CJK subset, the PKCS#7
 * signature over the whole file), against a baseline measured in the same run: pdf-lib loading
 * and saving the same PDF. Prints the median time of BENCH_ROUNDS (default 5), the ratio, the
 * sealed size and the process's peak RSS. The first round (font file read, key parsing) is shown
 * apart: it is what the first completion after a start costs.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const contract = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 30; p += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Engagement agreement - page ${p}`, { x: 60, y: 780, size: 16, font });
    for (let l = 0; l < 40; l += 1)
      page.drawText(
        `Clause ${p}.${l + 1}: the parties agree to the terms, fees and confidentiality set out here.`,
        { x: 60, y: 750 - l * 17, size: 9, font },
      );
  }
  return Buffer.from(await doc.save());
};

// A 400×120 PNG signature (a wave), like the signing pad sends.
const signature = async () => {
  const { deflateSync } = await import("node:zlib");
  const w = 400;
  const h = 120;
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y += 1) {
    const row = Buffer.alloc(1 + w * 4);
    for (let x = 0; x < w; x += 1)
      if (Math.abs(y - (60 + 30 * Math.sin(x / 25))) < 3) row.set([10, 10, 80, 255], 1 + x * 4);
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const main = async () => {
  const source = await contract();
  const png = await signature();
  const key = generateP12("明德律师事务所");
  const fields: EsignField[] = [
    { id: "a", signer: 0, kind: "signature", page: 30, x: 0.1, y: 0.8, w: 0.3, h: 0.08 },
    { id: "b", signer: 0, kind: "date", page: 30, x: 0.1, y: 0.9, w: 0.2, h: 0.03 },
    { id: "c", signer: 1, kind: "signature", page: 30, x: 0.6, y: 0.78, w: 0.25, h: 0.12 },
    ...Array.from({ length: 29 }, (_, i) => ({
      id: `i${i}`,
      signer: 0,
      kind: "signature" as const,
      page: i + 1,
      x: 0.8,
      y: 0.92,
      w: 0.12,
      h: 0.05,
    })),
  ];
  const marks = new Map(
    fields.filter((f) => f.kind === "signature").map((f) => [f.id, { image: png }]),
  );
  const signer = {
    name: "王立",
    party: "counterparty" as const,
    verifiedBy: "E-mail code",
    ip: "203.0.113.7",
    device: "Mozilla/5.0 (iPhone)",
    sentAt: "2026-11-25 10:00:00 +08:00",
    openedAt: "2026-11-25 10:05:00 +08:00",
    verifiedAt: "2026-11-25 10:06:00 +08:00",
    signedAt: "2026-11-25 10:07:00 +08:00",
  };
  const seal = async () => {
    const doc = await flattenFields(
      source,
      fields,
      marks,
      new Map([
        [0, "2026-11-25"],
        [1, "2026-11-25"],
      ]),
    );
    await appendCertificatePage(
      doc,
      {
        firmName: "明德律师事务所",
        contractName: "法律服务委托合同",
        contractNo: "（2026）明律合字第0001号",
        requestId: "bench",
        sourceName: "contract.pdf",
        originalSha256: "0".repeat(64),
        contentSha256: "1".repeat(64),
        completedAt: "2026-11-25 10:08:00 +08:00",
        signers: [signer, { ...signer, name: "明德律师事务所", party: "firm" }],
      },
      DEFAULT_PDF_FONT,
    );
    return signDocument(doc, key, { reason: "bench", signingTime: new Date() });
  };
  const baseline = async () => Buffer.from(await (await PDFDocument.load(source)).save());
  let t0 = performance.now();
  const first = await seal();
  const firstMs = performance.now() - t0;
  const sealTimes: number[] = [];
  const baseTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    t0 = performance.now();
    await baseline();
    baseTimes.push(performance.now() - t0);
    t0 = performance.now();
    await seal();
    sealTimes.push(performance.now() - t0);
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(
    `30-page contract: ${(source.length / 1024).toFixed(0)} KB; two signers, ${fields.length} fields`,
  );
  console.log(`baseline (pdf-lib load + save):   median ${median(baseTimes).toFixed(0)} ms`);
  console.log(
    `sealing (flatten + certificate page + PKCS#7): first ${firstMs.toFixed(0)} ms, then median ${median(sealTimes).toFixed(0)} ms (${(median(sealTimes) / median(baseTimes)).toFixed(1)}× the baseline)`,
  );
  console.log(
    `sealed PDF: ${(first.length / 1024).toFixed(0)} KB; peak RSS of the process: ${rss.toFixed(0)} MB`,
  );
};

void main();
