import { type PDFDocument, type PDFFont, rgb } from "pdf-lib";

import { loadPdfFont, type PdfFont } from "../../lib/pdf-font";

export type CertificateSigner = {
  name: string;
  party: "counterparty" | "firm";
  verifiedBy: string;
  ip: string;
  device: string;
  sentAt: string;
  openedAt: string;
  verifiedAt: string;
  signedAt: string;
};

export type CertificateFacts = {
  firmName: string;
  contractName: string;
  contractNo: string;
  requestId: string;
  sourceName: string;
  originalSha256: string;
  contentSha256: string;
  completedAt: string;
  signers: CertificateSigner[];
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.32, 0.32, 0.36);

/** Splits text into lines that fit `width` at `size`, character by character (CJK has no spaces; hashes must break anywhere). */
const wrap = (font: PDFFont, text: string, size: number, width: number) => {
  const lines: string[] = [];
  let line = "";
  for (const ch of text) {
    if (font.widthOfTextAtSize(line + ch, size) > width && line) {
      lines.push(line);
      line = "";
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
};

/**
 * Appends the certificate of signing in both languages (the CJK face embedded as a subset, so the
 * text is extractable and the page stays small): what was signed, the hashes, and for each signer
 * how they were verified, from where and when.
 */
export const appendCertificatePage = async (
  doc: PDFDocument,
  facts: CertificateFacts,
  pdfFont: PdfFont,
) => {
  const loaded = await loadPdfFont(pdfFont);
  doc.registerFontkit(loaded.fontkit);
  const font = await doc.embedFont(loaded.bytes, { subset: true });
  let page = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const write = (text: string, size = 9.5, color = INK, indent = 0) => {
    for (const line of wrap(font, text, size, width - indent)) {
      if (y < MARGIN + size) {
        page = doc.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
      y -= size * 1.45;
    }
  };
  const gap = (h = 6) => (y -= h);

  write("电子签署证书  Certificate of Electronic Signing", 16);
  gap(4);
  write(`签署方 Sealed by: ${facts.firmName}`, 10, MUTED);
  gap();
  write(`合同 Contract: ${facts.contractName} (${facts.contractNo})`);
  write(`签署请求 Signing request: ${facts.requestId}`);
  write(`原文件 Original file: ${facts.sourceName}`);
  write(`原文件 SHA-256 of the original: ${facts.originalSha256}`);
  write(`签署内容 SHA-256 of the signed content (before this certificate): ${facts.contentSha256}`);
  write(`完成时间 Completed at: ${facts.completedAt}`);
  gap(10);
  for (const [i, s] of facts.signers.entries()) {
    write(
      `${i + 1}. ${s.name}  ${s.party === "firm" ? "本所 Our firm" : "相对方 Counterparty"}`,
      11.5,
    );
    const rows: [string, string][] = [
      ["验证方式 Verified by", s.verifiedBy],
      ["IP 地址 IP address", s.ip],
      ["设备 Device", s.device],
      ["发送 Sent", s.sentAt],
      ["打开 Opened", s.openedAt],
      ["验证 Verified", s.verifiedAt],
      ["签署 Signed", s.signedAt],
    ];
    for (const [label, value] of rows) write(`${label}: ${value || "—"}`, 9, INK, 14);
    gap(8);
  }
  gap(6);
  write(
    "本文件已由上述律师事务所以数字证书签名；任何改动都会使签名失效。This document is digitally signed with the firm's certificate; any change to it invalidates the signature.",
    8.5,
    MUTED,
  );
};
