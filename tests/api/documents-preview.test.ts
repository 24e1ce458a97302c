import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, fileVersions } from "../../src/server/db/tables";
import { createPreviewCache } from "../../src/server/features/documents/preview/cache";
import { findSoffice } from "../../src/server/features/documents/preview/convert";
import { purgeUnreferencedBodies } from "../../src/server/features/documents/purge-bodies";
import { createDiskStore } from "../../src/server/features/documents/storage/disk-store";
import { createTestApp, type TestApp } from "../fixtures/app";
import { pdfBody, upload } from "../fixtures/documents";
import { docxOf } from "../fixtures/docx";

const xlsxOf = async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("证据清单").addRows([
    ["序号", "证据名称"],
    [1, "EvidenceListAlpha"],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const pdfText = (pdf: Buffer) => {
  const file = path.join(os.tmpdir(), `lm-preview-${process.pid}-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8");
};

const SOFFICE = findSoffice();

describe("document previews", () => {
  let t: TestApp;
  let off: TestApp;
  const get = async (app: TestApp, url: string, lang = "en") =>
    app.app.inject({ url, headers: await app.as("lawyer", { lang }) });
  const put = async (app: TestApp, name: string, body: Buffer) => {
    const res = await upload(app, "lawyer", [{ field: "file", filename: name, body }]);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: string }[])[0].id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    off = await createTestApp({ previewsEnabled: false });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it("shows text as text in its encoding: UTF-8, GB18030 and a BOM; markup stays text", async () => {
    const utf8 = await put(t, "说明.md", Buffer.from('标题\n<b onclick="x()">粗体</b>\n'));
    const res = await get(t, `/api/documents/files/${utf8}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      kind: "text",
      text: '标题\n<b onclick="x()">粗体</b>\n',
      encoding: "UTF-8",
      truncated: false,
    });
    // "合同 v2" as Chinese Windows saves it (GBK is a subset of GB18030).
    const gb = await put(t, "合同.txt", Buffer.from([0xba, 0xcf, 0xcd, 0xac, 0x20, 0x76, 0x32]));
    expect((await get(t, `/api/documents/files/${gb}/preview`)).json().data).toMatchObject({
      text: "合同 v2",
      encoding: "GB18030",
    });
    const bom = await put(
      t,
      "data.csv",
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("名称,金额\n甲,1\n")]),
    );
    expect((await get(t, `/api/documents/files/${bom}/preview`)).json().data).toMatchObject({
      text: "名称,金额\n甲,1\n",
      encoding: "UTF-8",
    });
  });

  it("shows an e-mail's headers and text, encoded words and base64 bodies decoded", async () => {
    const eml = [
      "From: =?UTF-8?B?5byg5LyfIDx6aGFuZ0BleGFtcGxlLmNvbT4=?=",
      "To: client@example.com",
      "Subject: =?UTF-8?B?5ZCI5ZCM6I2J56i/?=",
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("请查收合同草稿。").toString("base64"),
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "",
      // The HTML alternative real mail clients write: an e-mail may carry markup (never served inline).
      "<!DOCTYPE html><html><body><p>请查收</p><script>alert(1)</script></body></html>",
      "--b1--",
      "",
    ].join("\r\n");
    const id = await put(t, "来信.eml", Buffer.from(eml));
    const res = await get(t, `/api/documents/files/${id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: "email",
      from: "张伟 <zhang@example.com>",
      to: "client@example.com",
      subject: "合同草稿",
      text: "请查收合同草稿。",
    });
  });

  it("refuses what it does not preview, and everything when previews are off, in the user's language", async () => {
    const pdf = await put(t, "判决书.pdf", pdfBody("x"));
    const res = await get(t, `/api/documents/files/${pdf}/preview`, "zh-CN");
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe("此类文件不支持预览");
    const txt = await put(off, "a.txt", Buffer.from("x"));
    const closed = await get(off, `/api/documents/files/${txt}/preview`);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().msg).toBe("File previews are turned off");
  });

  it("hostile input: NUL and __proto__ are 400, a deeply nested body is ignored", async () => {
    const id = await put(t, "b.txt", Buffer.from("x"));
    for (const q of ["?version=%00", "?__proto__=1", "?constructor[prototype]=1"]) {
      const res = await get(t, `/api/documents/files/${id}/preview${q}`);
      expect(res.statusCode, `${q} ${res.body}`).toBe(400);
    }
    const nulId = await get(t, "/api/documents/files/%00/preview");
    expect(nulId.statusCode).toBeGreaterThanOrEqual(400);
    expect(nulId.statusCode).toBeLessThan(500);
    let deep: unknown = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/files/${id}/preview`,
      headers: { ...(await t.as("lawyer")), "content-type": "application/json" },
      payload: JSON.stringify(deep),
    });
    // GET routes take no body: a deeply nested one is never parsed, and the answer is the usual one.
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: "text", text: "x" });
  });

  // LibreOffice is installed by .ci/run (libreoffice-core/-writer/-calc/-impress); this machine has it.
  describe(`office files through LibreOffice (${SOFFICE ?? "soffice not installed: these checks need it"})`, () => {
    it("finds soffice", () => {
      expect(
        SOFFICE,
        "install libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress",
      ).toBeTruthy();
    });

    it(
      "converts a docx and an xlsx to PDF once, then answers from the cache",
      { timeout: 180_000 },
      async () => {
        const docx = await put(
          t,
          "起诉状.docx",
          await docxOf(["ComplaintAlpha", "第二段 SecondParagraph"]),
        );
        expect((await get(t, `/api/documents/files/${docx}/preview`)).json().data).toEqual({
          kind: "office",
        });
        const first = await get(t, `/api/documents/files/${docx}/preview.pdf`);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.headers["content-type"]).toBe("application/pdf");
        expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
        expect(pdfText(first.rawPayload)).toMatch(/ComplaintAlpha[\s\S]*SecondParagraph/);
        const cacheDir = path.join(t.app.config.dataDir, "previews");
        expect(readdirSync(cacheDir).filter((f) => f.endsWith(".pdf"))).toHaveLength(1);
        const again = await get(t, `/api/documents/files/${docx}/preview.pdf`);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

        // The preview goes with its version: once no version uses the body (a purged trash), the
        // purge that deletes the body deletes its cached preview too.
        const [version] = await t.database.db
          .select()
          .from(fileVersions)
          .where(eq(fileVersions.fileId, docx));
        const cached = path.join(cacheDir, `${version.storageKey}.pdf`);
        expect(existsSync(cached)).toBe(true);
        await t.database.db.delete(fileVersions).where(eq(fileVersions.fileId, docx));
        await t.database.db.delete(files).where(eq(files.id, docx));
        const previews = createPreviewCache(cacheDir);
        await purgeUnreferencedBodies(
          t.database.db,
          createDiskStore(path.join(t.app.config.dataDir, "files")),
          0,
          Date.now() + 1000,
          (key) => previews.remove(key),
        );
        expect(existsSync(cached)).toBe(false);

        const xlsx = await put(t, "证据清单.xlsx", await xlsxOf());
        const sheet = await get(t, `/api/documents/files/${xlsx}/preview.pdf`);
        expect(sheet.statusCode, sheet.body).toBe(200);
        expect(pdfText(sheet.rawPayload)).toContain("EvidenceListAlpha");
        expect(existsSync(cacheDir)).toBe(true);
      },
    );

    it(
      "previews the other office formats lawyers keep: doc, odt, xls, ods, pptx and ppt",
      { timeout: 300_000 },
      async () => {
        // The files are made by LibreOffice itself (outside the app) from a docx, an xlsx and a flat
        // ODF presentation, so no binary fixture is kept.
        const dir = mkdtempSync(path.join(os.tmpdir(), "lm-formats-"));
        const make = (name: string, body: Buffer | string, to: string[]) => {
          writeFileSync(path.join(dir, name), body);
          for (const format of to)
            execFileSync(
              SOFFICE as string,
              [
                `-env:UserInstallation=file://${dir}/profile`,
                "--headless",
                "--convert-to",
                format,
                "--outdir",
                dir,
                path.join(dir, name),
              ],
              { env: { HOME: dir, PATH: "/usr/bin:/bin" }, stdio: "ignore", timeout: 120_000 },
            );
        };
        const presentation = `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation><draw:page draw:name="p1"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="4cm"><draw:text-box><text:p>SlideAlpha 庭审提纲</text:p></draw:text-box></draw:frame></draw:page></office:presentation></office:body></office:document>`;
        make("brief.docx", await docxOf(["BriefAlpha 代理词"]), ["doc", "odt"]);
        make("list.xlsx", await xlsxOf(), ["xls", "ods"]);
        make("slides.fodp", presentation, ["pptx", "ppt"]);
        for (const [name, text] of [
          ["brief.doc", "BriefAlpha"],
          ["brief.odt", "BriefAlpha"],
          ["list.xls", "EvidenceListAlpha"],
          ["list.ods", "EvidenceListAlpha"],
          ["slides.pptx", "SlideAlpha"],
          ["slides.ppt", "SlideAlpha"],
        ]) {
          const id = await put(t, name, readFileSync(path.join(dir, name)));
          expect((await get(t, `/api/documents/files/${id}/preview`)).json().data, name).toEqual({
            kind: "office",
          });
          const pdf = await get(t, `/api/documents/files/${id}/preview.pdf`);
          expect(pdf.statusCode, `${name}: ${pdf.body.slice(0, 200)}`).toBe(200);
          expect(pdfText(pdf.rawPayload), name).toContain(text);
        }
        rmSync(dir, { recursive: true, force: true });
      },
    );

    it("says clearly when a file cannot be converted", { timeout: 120_000 }, async () => {
      // A zip, as a docx is, but with none of a document's parts.
      const { ZipArchive } = await import("archiver");
      const archive = new ZipArchive({ zlib: { level: 6 } });
      const chunks: Buffer[] = [];
      archive.on("data", (c: Buffer) => chunks.push(c));
      const done = new Promise((resolve) => archive.on("end", resolve));
      archive.append(Buffer.alloc(256, 7), { name: "junk.bin" });
      await archive.finalize();
      await done;
      const broken = await put(t, "坏文件.docx", Buffer.concat(chunks));
      const res = await get(t, `/api/documents/files/${broken}/preview.pdf`, "zh-CN");
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe("文件无法转换为预览（可能已损坏或加密），请下载后查看");
    });
  });
});
