/**
 * Demo file bodies built without I/O so the seed and the documents feature (which writes them to
 * the store at start-up) agree byte for byte: a two-page contract PDF to sign and the red ring
 * of an electronic seal's impression.
 */

/** A minimal, valid PDF (Helvetica text pages, cross-reference table computed here). */
const pdfOf = (pages: string[][]) => {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 3 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  const font = 3 + pages.length * 2;
  pages.forEach((lines, i) => {
    const text = lines
      .map(
        (l, j) =>
          `BT /F1 ${j === 0 ? 16 : 10} Tf 60 ${780 - j * 22} Td (${l.replace(/[()\\]/g, "")}) Tj ET`,
      )
      .join("\n");
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  });
  objects[font] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1)
    body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
};

const clauses = (from: number) =>
  Array.from(
    { length: 24 },
    (_, i) =>
      `${from + i}. The client engages the firm for the matter; fees, scope and confidentiality as agreed.`,
  );

export const DEMO_CONTRACT_PDF = pdfOf([
  ["Legal Services Engagement Agreement", ...clauses(1)],
  [
    "Legal Services Engagement Agreement (continued)",
    ...clauses(25),
    "",
    "Client signature:",
    "",
    "",
    "",
    "Firm seal:",
  ],
]);

export const DEMO_SEAL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAHgAAAB4CAYAAAA5ZDbSAAACE0lEQVR42u3dS44aQRAEUA7B/c8ztwKJPeJX010Z8VLyxgvTFc9ZxIwY+3IxxhhjjDHm2fxdr7fVv6QaBgq8DBR4KSzoAlTYZbCgS2BBn4x71muC3SxI0BuE55kDYZ0jENe5QnGd0aGd2UGdfYsDKpVDcoAbnAfY4GzghmcENzgnuMF5wQ3ODW54fnCDM4QbnCXc8EzhBudqe4OzhRuODDf4qra94VsMN3iL4YYjAy4HRnEesu21xba3dottb/gWAy4HFv3waxpwMLDrOfyanoT77LlW/n7cFk8BPgIXcDhuHPC0f0qhAXepy6TruQV3qc3E9tyAWwvc0qIrgZtadB1wW4uuBW56L9aitWgtWovWontbdCPupPdhLVqL1qK1aC0asBYNWIsGrEUrWVq0Fq1Fa9FadHvRmoC79IN3WvTQ7VW0fC7a56IbgP1s0uD338nfsmwF3ucPNXOAIQ++ngEXALumg69nW1ywvbY4fHttccH2Ai4AhhyO++4LQh6eNeDQ7bXFBdsLuQDXVV2Sqy0uyBRyQZaQwzP0P4AX5Ae5IDfIBXlBDs/pkwdvRR6fEeSCbD49SDp0ZB6QC3L45nAp0DVnb0Su/IvdcOjmG+unAHYPIfVch4cx6ed0679EXBHQ0SFNfOYI5P8Kb/fnq4Z+FfIZr1k9RwcOFzRY0GBrsCmFQlMJA5e6r6uNMcYYYx5zB5oNnnmmAVUPAAAAAElFTkSuQmCC",
  "base64",
);
