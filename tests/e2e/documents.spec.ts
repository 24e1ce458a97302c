import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { type Page } from "@playwright/test";

import { confirmDialog, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/** A small but valid one-page PDF (with a correct xref table, so Chromium's viewer opens it). */
const pdf = (text: string) => {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((obj, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
};
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Entry names of a zip, read from its central directory. */
const zipEntries = (zip: Buffer) => {
  const names: string[] = [];
  for (
    let i = zip.indexOf("PK\x01\x02", 0, "latin1");
    i >= 0;
    i = zip.indexOf("PK\x01\x02", i + 4, "latin1")
  ) {
    names.push(zip.subarray(i + 46, i + 46 + zip.readUInt16LE(i + 28)).toString("utf8"));
  }
  return names;
};

/** Drops files on the drop zone the way a browser does, through a DataTransfer. */
const dropFiles = async (page: Page, files: { name: string; type: string; base64: string }[]) => {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  const zone = page.getByRole("region", { name: "将文件或文件夹拖到此处，或点击选择文件" });
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
};

test.describe("documents", () => {
  test("uploads a folder with progress, explains what was left out, previews a PDF and downloads the folder as a zip", async ({
    page,
    request,
  }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "lm-e2e-docs-"));
    const folder = path.join(dir, "案卷材料");
    mkdirSync(path.join(folder, "证据"), { recursive: true });
    writeFileSync(path.join(folder, "起诉状.pdf"), pdf("complaint"));
    writeFileSync(path.join(folder, "证据", "现场照片.png"), PNG);
    writeFileSync(path.join(folder, "bad name.pdf"), pdf("bad"));

    // Every upload must take the raw-body route, one request per file; none the multipart one.
    const uploads: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && /\/api\/documents\/files(\/raw)?(\?|$)/.test(req.url()))
        uploads.push(req.url());
    });
    await signIn(page, request, "lawyer");
    await page.goto("/manage/document");
    await expect(page.getByRole("heading", { name: "文档管理" })).toBeVisible();
    await expect(page.getByRole("tree").getByText("所内制度")).toBeVisible();
    await snap(page, "documents-01-page");

    await page.getByTestId("upload-folder").setInputFiles(folder);
    const rows = page.locator(".doc-upload-rows");
    await expect(rows.getByText("案卷材料/起诉状.pdf")).toBeVisible();
    await expect(rows.getByRole("progressbar")).toHaveCount(2);
    await expect(rows.getByText("已完成")).toHaveCount(2);
    await expect(page.getByText("案卷材料/bad name.pdf")).toBeVisible();
    await expect(page.getByText("名称含空格")).toBeVisible();
    await expect(page.getByRole("tree").getByText("案卷材料")).toBeVisible();
    await expect(page.getByRole("row", { name: /起诉状\.pdf/ })).toBeVisible();
    expect(uploads).toHaveLength(2);
    for (const url of uploads) expect(new URL(url).pathname).toBe("/api/documents/files/raw");
    expect(uploads.map((u) => new URL(u).searchParams.get("relativePath")).sort()).toEqual(
      ["案卷材料/起诉状.pdf", "案卷材料/证据/现场照片.png"].sort(),
    );
    await snap(page, "documents-02-folder-uploaded");

    await dropFiles(page, [
      { name: "答辩状.pdf", type: "application/pdf", base64: pdf("defence").toString("base64") },
      {
        name: "setup.exe",
        type: "application/octet-stream",
        base64: Buffer.from("MZ").toString("base64"),
      },
      { name: "合同:终稿.pdf", type: "application/pdf", base64: pdf("x").toString("base64") },
    ]);
    await expect(rows.getByText("答辩状.pdf")).toBeVisible();
    await expect(rows.getByText("已完成")).toHaveCount(1);
    await expect(page.getByText("不支持的文件类型")).toBeVisible();
    await expect(page.getByText(/名称含非法字符/)).toBeVisible();
    await snap(page, "documents-03-drop-left-out");

    // The preview loads by URL: a ticket link the iframe opens itself, no blob: copy in memory.
    const pdfAnswer = page.waitForResponse((res) =>
      /\/api\/documents\/files\/[0-9a-f-]+\/download\?ticket=/.test(res.url()),
    );
    await page.getByRole("button", { name: "预览 起诉状.pdf" }).click();
    const preview = page.getByRole("dialog", { name: "预览：起诉状.pdf" });
    await expect(preview.locator("iframe[title='起诉状.pdf']")).toBeVisible();
    await expect(preview.locator("iframe")).toHaveAttribute(
      "src",
      /^\/api\/documents\/files\/[0-9a-f-]+\/download\?ticket=/,
    );
    const pdfRes = await pdfAnswer;
    expect(pdfRes.status()).toBe(200);
    expect(pdfRes.headers()["content-type"]).toBe("application/pdf");
    expect(pdfRes.headers()["content-disposition"]).toMatch(/^inline; /);
    // Chromium's viewer draws the page a moment after the answer; wait for it before the screenshot.
    await page.waitForTimeout(2500);
    await snap(page, "documents-04-preview");
    await preview
      .getByRole("button", { name: "Close" })
      .or(preview.getByLabel("Close"))
      .first()
      .click();

    await page.getByRole("button", { name: "预览 现场照片.png" }).click();
    const imageDialog = page.getByRole("dialog", { name: "预览：现场照片.png" });
    const image = imageDialog.getByRole("img", { name: "现场照片.png" });
    await expect(image).toHaveAttribute("src", /\/download\?ticket=/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await imageDialog
      .getByRole("button", { name: "Close" })
      .or(imageDialog.getByLabel("Close"))
      .first()
      .click();
    await expect(imageDialog).toBeHidden();

    // A file downloads natively from its ticket link, under its own name.
    const fileDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载 起诉状.pdf" }).click();
    const single = await fileDownload;
    expect(single.url()).toMatch(/\/api\/documents\/files\/[0-9a-f-]+\/download\?ticket=/);
    expect(single.suggestedFilename()).toBe("起诉状.pdf");
    const savedPdf = path.join(dir, "out.pdf");
    await single.saveAs(savedPdf);
    expect(readFileSync(savedPdf).equals(pdf("complaint"))).toBe(true);

    await page.getByRole("tree").getByText("案卷材料").click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载文件夹" }).click();
    const download = await downloading;
    expect(download.url()).toMatch(/\/api\/documents\/folders\/[0-9a-f-]+\/download\?ticket=/);
    expect(download.suggestedFilename()).toBe("案卷材料.zip");
    const saved = path.join(dir, "out.zip");
    await download.saveAs(saved);
    expect(zipEntries(readFileSync(saved)).sort()).toEqual(
      ["证据/现场照片.png", "起诉状.pdf"].sort(),
    );
    await snap(page, "documents-05-folder-selected");
  });

  test("shows versions and the admin's trash", async ({ page, request }) => {
    await signIn(page, request, "admin");
    await page.goto("/manage/document");
    // Earlier specs of the full run add files: find it by name rather than on the first page.
    const search = async (name: string) => {
      await page.getByPlaceholder("搜索文件名").fill(name);
      await page.getByPlaceholder("搜索文件名").press("Enter");
    };
    await search("使用说明");
    await page.getByRole("button", { name: "更多 使用说明.txt" }).click();
    await page.getByRole("menuitem", { name: "版本记录" }).click();
    const drawer = page.getByRole("dialog", { name: "版本记录：使用说明.txt" });
    await expect(drawer.getByText("第 1 版")).toBeVisible();
    const versionUpload = page.waitForRequest(
      (req) => req.method() === "POST" && /\/versions\/raw\?/.test(req.url()),
    );
    await drawer.getByTestId("upload-version").setInputFiles({
      name: "使用说明.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("第二版说明\n"),
    });
    expect((await versionUpload).headers()["content-type"]).toBe("application/octet-stream");
    await expect(drawer.getByText("第 2 版")).toBeVisible();
    const versionDownload = page.waitForEvent("download");
    await drawer.getByRole("button", { name: "下载 第 1 版" }).click();
    const first = await versionDownload;
    expect(first.suggestedFilename()).toBe("使用说明.txt");
    const firstPath = await first.path();
    expect(readFileSync(firstPath).toString("utf8")).toContain("本文件夹存放律所内部制度");
    await snap(page, "documents-06-versions");
    await page.keyboard.press("Escape");
    await search("答辩状");
    await page.getByRole("button", { name: "更多 答辩状.pdf" }).click();
    await page.getByRole("menuitem", { name: "删除" }).click();
    await confirmDialog(page.getByRole("dialog"), /确\s?定|OK/);
    await expect(page.getByText("已移到回收站")).toBeVisible();
    await expect(page.getByRole("row", { name: /答辩状\.pdf/ })).toHaveCount(0);
    await page.getByRole("button", { name: "回收站" }).click();
    const trash = page.getByRole("dialog", { name: "回收站" });
    await expect(trash.getByRole("row", { name: /答辩状\.pdf/ })).toBeVisible();
    await snap(page, "documents-07-trash");
    // Other specs of the full run may have put files in the firm's trash too: restore this one.
    await trash
      .getByRole("row", { name: /答辩状\.pdf/ })
      .getByRole("button", { name: "恢复" })
      .click();
    await expect(page.getByText("已恢复")).toBeVisible();
    await expect(trash.getByRole("row", { name: /答辩状\.pdf/ })).toHaveCount(0);
  });

  test("sends a member without document rights to not-authorized", async ({ page, request }) => {
    await signIn(page, request, "intern");
    await page.goto("/manage/document");
    await expect(page).toHaveURL(/\/manage\/not-authorized$/);
  });
});
