import { signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * The name rules of src/shared/name-rules in the browser: the folder dialog refuses a Windows
 * device name, a trailing dot and invisible characters with the server's own messages, and the
 * upload panel leaves such files out with their reason.
 */
test.describe("file and folder names", () => {
  test("refuses reserved, dotted and invisible names before sending, and leaves such files out", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    await signIn(page, request, "lawyer");
    await page.goto("/manage/document");
    await expect(page.getByRole("heading", { name: "文档管理" })).toBeVisible();

    await page.getByRole("button", { name: "新建文件夹" }).click();
    const dialog = page.getByRole("dialog", { name: "新建文件夹" });
    const input = dialog.getByRole("textbox");
    const cases: [string, string][] = [
      ["CON", "“CON”是 Windows 保留的设备名"],
      ["lpt1.txt", "“lpt1.txt”是 Windows 保留的设备名"],
      ["报告.", "“报告.”以句点结尾"],
      // The message quotes the override as a code, so it cannot reverse the message itself.
      ["\u202Efdp.exe", "“<U+202E>fdp.exe”含有不可见字符或文字方向控制字符"],
    ];
    for (const [name, message] of cases) {
      await input.fill(name);
      await dialog.getByRole("button", { name: /确\s?定/ }).click();
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await snap(page, "name-rules-01-invisible-name");
    await input.fill("CONTRACTS");
    await dialog.getByRole("button", { name: /确\s?定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("tree").getByText("CONTRACTS")).toBeVisible();

    // Picked files with such names are left out with their reason; nothing is sent for them.
    const sent: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/api/documents/files"))
        sent.push(req.url());
    });
    await page.getByTestId("upload-files").setInputFiles([
      { name: "NUL.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      { name: "draft..", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    ]);
    await expect(page.getByText("名称为 Windows 保留名")).toBeVisible();
    await expect(page.getByText("名称以句点结尾")).toBeVisible();
    await snap(page, "name-rules-02-left-out");
    expect(sent).toEqual([]);
    expect(errors).toEqual([]);
  });
});
