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
  "zh-CN": { preview: "预览", encoding: "编码：UTF-8", subject: "主题" },
  en: { preview: "Preview", encoding: "Encoding: UTF-8", subject: "Subject" },
} as const;

/** A plain e-mail as a client forwards it: headers (an encoded-word subject) and a text body. */
const EML = [
  "From: =?UTF-8?B?546L56uL?= <wangli@example.com>",
  "To: zhangwei@mingde.example",
  "Subject: =?UTF-8?B?5YWz5LqO5ZCI5ZCM5L+u5pS5?=",
  "Date: Tue, 24 Nov 2026 10:00:00 +0800",
  "MIME-Version: 1.0",
  "Content-Type: text/plain; charset=UTF-8",
  "Content-Transfer-Encoding: 8bit",
  "",
  "张律师：附件为修改后的合同，请审阅。<script>alert(1)</script>",
  "",
].join("\r\n");

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
      {
        name: `notes-${stamp}.txt`,
        mimeType: "text/plain",
        buffer: Buffer.from("会议记录\n<b>not bold</b>\n"),
      },
      {
        name: `pleading-${stamp}.docx`,
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: await docx(),
      },
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
    await page.keyboard.press("Escape");

    // An e-mail (.eml): its headers decoded and its text shown, never run; then the same in dark.
    await page
      .getByTestId("upload-files")
      .setInputFiles([
        { name: `mail-${stamp}.eml`, mimeType: "message/rfc822", buffer: Buffer.from(EML) },
      ]);
    const mailRow = page.getByRole("row", { name: new RegExp(`mail-${stamp}`) });
    await expect(mailRow).toBeVisible();
    await mailRow.getByRole("button", { name: new RegExp(L[lang].preview) }).click();
    const mail = page.getByRole("dialog");
    await expect(mail.getByText(L[lang].subject)).toBeVisible();
    await expect(mail.getByText("关于合同修改")).toBeVisible();
    await expect(mail.getByText("王立 <wangli@example.com>")).toBeVisible();
    await expect(mail.locator("pre")).toContainText("<script>alert(1)</script>");
    await snap(page, `previews-03-eml-${lang}`);
    await page.keyboard.press("Escape");
    await page
      .context()
      .addCookies([{ name: "law-manage-theme", value: "dark", domain: "127.0.0.1", path: "/" }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page
      .getByRole("row", { name: new RegExp(`notes-${stamp}`) })
      .getByRole("button", { name: new RegExp(L[lang].preview) })
      .click();
    await expect(page.getByRole("dialog").locator("pre")).toBeVisible();
    await snap(page, `previews-04-text-dark-${lang}`);
    await page.keyboard.press("Escape");
    await page
      .getByRole("row", { name: new RegExp(`mail-${stamp}`) })
      .getByRole("button", { name: new RegExp(L[lang].preview) })
      .click();
    await expect(page.getByRole("dialog").getByText("关于合同修改")).toBeVisible();
    await snap(page, `previews-05-eml-dark-${lang}`);
  });
}
