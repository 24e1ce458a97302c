import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/** Issue 21 point 1: a text file and a Word file preview in the same viewer as PDFs (zh-CN and en). */
const DOCX_PARTS = {
  types: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  rels: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  doc: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Pleading preview</w:t></w:r></w:p></w:body></w:document>`,
};
const docx = async () => {
  const { ZipArchive } = await import("archiver");
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => archive.on("end", resolve));
  archive.append(DOCX_PARTS.types, { name: "[Content_Types].xml" });
  archive.append(DOCX_PARTS.rels, { name: "_rels/.rels" });
  archive.append(DOCX_PARTS.doc, { name: "word/document.xml" });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
};


const L = {
  "zh-CN": { preview: "预览", encoding: "编码：UTF-8" },
  en: { preview: "Preview", encoding: "Encoding: UTF-8" },
} as const;

for (const lang of ["zh-CN", "en"] as const) {
  test(`previews a text file and a Word file (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    // Only in the page itself: the PDF viewer's blob: frame has no localStorage.
    await page.addInitScript((l) => {
      if (window === window.top) localStorage.setItem("language", l);
    }, lang);
    await signIn(page, request, "lawyer");
    await page.goto("/manage/document");
    const stamp = `${lang}-${Date.now().toString().slice(-6)}`;
    await page.getByTestId("upload-files").setInputFiles([
      { name: `notes-${stamp}.txt`, mimeType: "text/plain", buffer: Buffer.from("会议记录\n<b>not bold</b>\n") },
      { name: `pleading-${stamp}.docx`, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: await docx() },
    ]);
    const txtRow = page.getByRole("row", { name: new RegExp(`notes-${stamp}`) });
    await expect(txtRow).toBeVisible();
    await txtRow.getByRole("button", { name: new RegExp(L[lang].preview) }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(L[lang].encoding)).toBeVisible();
    await expect(dialog.locator("pre")).toHaveText("会议记录\n<b>not bold</b>\n");
    await snap(page, `previews-01-text-${lang}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const docRow = page.getByRole("row", { name: new RegExp(`pleading-${stamp}`) });
    const pdf = page.waitForResponse((r) => r.url().includes("/preview.pdf"), { timeout: 90_000 });
    await docRow.getByRole("button", { name: new RegExp(L[lang].preview) }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    await expect(page.getByRole("dialog").locator("iframe.doc-preview-frame")).toBeVisible();
    await snap(page, `previews-02-docx-${lang}`);
  });
}
