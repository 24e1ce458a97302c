import { readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";

import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, fileVersions, workspaces } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import {
  EXE_BODY,
  multipartBody,
  pdfBody,
  PNG_BODY,
  SCRIPT_BODY,
  upload,
  uploadHeaders,
} from "../fixtures/documents";

const MAX_FILE = 256 * 1024;
const QUOTA = 64 * 1024 ** 2;

/** Every regular file under a directory, recursively. */
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe("POST /api/documents/files", () => {
  let t: TestApp;
  let filesDir: string;
  const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0].n;
  const versionCount = async () =>
    (await t.database.db.select({ n: count() }).from(fileVersions))[0].n;
  const state = async () => ({
    files: await fileCount(),
    versions: await versionCount(),
    disk: walk(filesDir).length,
  });

  beforeAll(async () => {
    t = await createTestApp({ uploadMaxFileBytes: MAX_FILE, workspaceQuotaBytes: QUOTA });
    filesDir = path.join(t.app.config.dataDir, "files");
  });
  afterAll(() => t.close());

  it("stores a PDF with its sniffed type, lists it and writes an audit row", async () => {
    const res = await upload(t, "lawyer", [
      { field: "receiptDate", value: "2026-03-01" },
      { field: "file", filename: "起诉状.pdf", body: pdfBody("complaint") },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
    const [file] = res.json().data;
    expect(file).toMatchObject({
      name: "起诉状.pdf",
      mime: "application/pdf",
      receiptDate: "2026-03-01",
    });
    const list = await t.app.inject({
      url: "/api/documents/files?name_like=起诉",
      headers: await t.as("lawyer"),
    });
    expect(list.json().data.map((f: { id: string }) => f.id)).toContain(file.id);
    expect(list.json().data[0].uploaderName).toBe("张伟");
    const audit = await t.app.inject({
      url: `/api/audit-logs?entity=files&entityId=${file.id}`,
      headers: await t.as("admin"),
    });
    expect(audit.json().data).toHaveLength(1);
  });

  it("creates the folders of a dropped folder's relative paths", async () => {
    const res = await upload(t, "assistant", [
      { field: "directory", value: "案卷A" },
      { field: "relativePath", value: "案卷A/证据/照片.png" },
      { field: "file", filename: "照片.png", body: PNG_BODY },
      { field: "relativePath", value: "案卷A/目录.pdf" },
      { field: "file", filename: "目录.pdf", body: pdfBody("index") },
    ]);
    expect(res.statusCode).toBe(200);
    const folders = (
      await t.app.inject({ url: "/api/documents/folders", headers: await t.as("assistant") })
    ).json().data;
    const root = folders.find((f: { name: string }) => f.name === "案卷A");
    const sub = folders.find((f: { name: string }) => f.name === "证据");
    expect(sub.parentId).toBe(root.id);
    expect(res.json().data.map((f: { folderId: string }) => f.folderId)).toEqual([sub.id, root.id]);
  });

  it("refuses an upload without the upload token, or with one from a signed-out session", async () => {
    const { payload, contentType } = multipartBody([
      { field: "file", filename: "a.pdf", body: pdfBody() },
    ]);
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/documents/files",
      payload,
      headers: { ...(await t.as("lawyer", { lang: "en" })), "content-type": contentType },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().msg).toBe("The upload token is missing; please try again");

    const token = await t.login("lawyer");
    const auth = { authorization: `Bearer ${token}` };
    const up = (
      await t.app.inject({ url: "/api/user-service/user/get-up-token", headers: auth })
    ).json().data.token;
    const other = await uploadHeaders(t, "assistant");
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/documents/files",
      payload,
      headers: { ...other, "x-upload-token": up, "content-type": contentType },
    });
    expect(foreign.statusCode).toBe(401);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    const revoked = await t.app.inject({
      method: "POST",
      url: "/api/documents/files",
      payload,
      headers: { ...auth, "x-upload-token": up, "content-type": contentType },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it("refuses 11 items and stores none of them", async () => {
    const before = await state();
    const parts = Array.from({ length: 11 }, (_, i) => ({
      field: "file",
      filename: `f${i}.pdf`,
      body: pdfBody(`n${i}`),
    }));
    const en = await upload(t, "lawyer", parts);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 400,
      msg: "At most 10 files or folders can be uploaded at once",
    });
    const zh = await upload(t, "lawyer", parts, { lang: "zh-CN" });
    expect(zh.json().msg).toBe("一次最多上传 10 个文件或文件夹");
    expect(await state()).toEqual(before);
  });

  it.each([
    ["spaces", "my file.pdf", '"my file.pdf" contains spaces; remove them and try again'],
    [
      "a colon",
      "a:b.pdf",
      '"a:b.pdf" contains an invalid character; names may not contain \\ / : * ? " < > | or control characters',
    ],
    [
      "a pipe",
      "a|b.pdf",
      '"a|b.pdf" contains an invalid character; names may not contain \\ / : * ? " < > | or control characters',
    ],
    [
      "a full-width space",
      "合同\u3000终稿.pdf",
      '"合同\u3000终稿.pdf" contains spaces; remove them and try again',
    ],
  ])("refuses a name with %s, listing the rule", async (_label, filename, msg) => {
    const before = await state();
    const res = await upload(t, "lawyer", [{ field: "file", filename, body: pdfBody() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await state()).toEqual(before);
  });

  it("translates the name rule into Chinese", async () => {
    const res = await upload(
      t,
      "lawyer",
      [{ field: "file", filename: "a*b.pdf", body: pdfBody() }],
      { lang: "zh-CN" },
    );
    expect(res.json().msg).toBe(
      '“a*b.pdf”含有非法字符，名称中不能包含 \\ / : * ? " < > | 或控制字符',
    );
  });

  it.each([
    [
      "a parent-directory file name",
      [{ field: "file", filename: "../../etc/passwd.txt", body: Buffer.from("x") }],
    ],
    [
      "a backslash file name",
      [{ field: "file", filename: "..\\..\\boot.ini", body: Buffer.from("x") }],
    ],
    [
      "a parent-directory relative path",
      [
        { field: "relativePath", value: "../../../tmp/evil.pdf" },
        { field: "file", filename: "evil.pdf", body: pdfBody() },
      ],
    ],
    [
      "an absolute relative path",
      [
        { field: "relativePath", value: "/etc/cron.d/evil.pdf" },
        { field: "file", filename: "evil.pdf", body: pdfBody() },
      ],
    ],
  ])("refuses path traversal through %s and writes nothing", async (_label, parts) => {
    const before = await state();
    const res = await upload(t, "lawyer", parts as never);
    expect(res.statusCode).toBe(400);
    expect(await state()).toEqual(before);
    expect(
      walk(t.app.config.dataDir).every(
        (f) => f.startsWith(filesDir) || path.basename(f) === "jwt-secret",
      ),
    ).toBe(true);
  });

  it("refuses an empty folder and an empty file", async () => {
    const before = await state();
    const emptyDir = await upload(t, "lawyer", [
      { field: "directory", value: "空目录" },
      { field: "file", filename: "a.pdf", body: pdfBody() },
    ]);
    expect(emptyDir.statusCode).toBe(400);
    expect(emptyDir.json().msg).toBe('The folder "空目录" is empty and was not uploaded');
    const emptyFile = await upload(t, "lawyer", [
      { field: "file", filename: "空", body: Buffer.alloc(0) },
    ]);
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json().msg).toBe(
      '"空" is an empty folder or an empty file and was not uploaded',
    );
    expect(await state()).toEqual(before);
  });

  it.each([
    [
      "a shell script named .pdf",
      "判决书.pdf",
      SCRIPT_BODY,
      'The content of "判决书.pdf" does not match its file type',
    ],
    [
      "a Windows program named .docx",
      "合同.docx",
      EXE_BODY,
      '"合同.docx" is a program or script and cannot be uploaded',
    ],
    [
      "a shell script named .txt",
      "说明.txt",
      SCRIPT_BODY,
      '"说明.txt" is a program or script and cannot be uploaded',
    ],
    [
      "HTML named .doc",
      "函.doc",
      Buffer.from("<html><script>alert(1)</script></html>"),
      'The content of "函.doc" does not match its file type',
    ],
    [
      "an executable extension",
      "setup.exe",
      pdfBody(),
      '"setup.exe" is a program or script and cannot be uploaded',
    ],
  ])("sniffs the bytes and refuses %s", async (_label, filename, body, msg) => {
    const before = await state();
    const res = await upload(t, "lawyer", [{ field: "file", filename, body }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await state()).toEqual(before);
  });

  it("refuses a file over the per-file limit with 413", async () => {
    const before = await state();
    const big = Buffer.concat([pdfBody(), Buffer.alloc(MAX_FILE, 0x20)]);
    const res = await upload(t, "lawyer", [{ field: "file", filename: "big.pdf", body: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('"big.pdf" is larger than the 256 KB limit');
    expect(await state()).toEqual(before);
  });

  it("refuses an upload that would exceed the firm's quota with a clear 413", async () => {
    // One of the firm's versions grows until the firm's whole storage is 100 B short of its quota,
    // whatever else the demo holds.
    const [firm] = await t.database.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Mingde Law Firm"));
    const [version] = await t.database.db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.workspaceId, firm.id))
      .limit(1);
    const [{ used }] = await t.database.db
      .select({ used: sql<string>`sum(${fileVersions.size})` })
      .from(fileVersions)
      .where(eq(fileVersions.workspaceId, firm.id));
    await t.database.db
      .update(fileVersions)
      .set({ size: version.size + QUOTA - 100 - Number(used) })
      .where(eq(fileVersions.id, version.id));
    try {
      const before = await state();
      const res = await upload(t, "lawyer", [
        { field: "file", filename: "one-more.pdf", body: pdfBody("x".repeat(200)) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe(413);
      expect(res.json().msg).toMatch(
        /^The firm's storage is full: 64\.0 MB of 64 MB used, this upload needs \d+ B$/,
      );
      expect(await state()).toEqual(before);
    } finally {
      await t.database.db
        .update(fileVersions)
        .set({ size: version.size })
        .where(eq(fileVersions.id, version.id));
    }
  });

  it("refuses a form field value or file name that is not UTF-8 with the JSON body's 400, storing nothing", async () => {
    const before = await state();
    // The parts built by hand, so a value can carry bytes no UTF-8 text has.
    const send = async (field: Buffer, filename: Buffer, lang: string) => {
      const boundary = "----lmBadUtf8";
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="relativePath"\r\n\r\n`),
        field,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
        filename,
        Buffer.from(`"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdfBody("bad-utf8"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/documents/files",
        payload,
        headers: {
          ...(await uploadHeaders(t, "lawyer", lang)),
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const name = Buffer.from("证据.pdf");
    // A stray continuation byte, a cut-off character, an overlong "/", a surrogate's bytes, 0xFF.
    for (const bytes of [[0x80], [0xe4, 0xb8], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const broken = Buffer.concat([
        Buffer.from("卷宗"),
        Buffer.from(bytes),
        Buffer.from("/证据.pdf"),
      ]);
      const en = await send(broken, name, "en");
      expect(en.statusCode, `${bytes} ${en.body}`).toBe(400);
      expect(en.json()).toEqual({
        code: 400,
        msg: "The request body is not valid UTF-8: nothing was saved",
        data: null,
      });
      expect((await send(broken, name, "zh-CN")).json().msg).toBe(
        "请求内容不是有效的 UTF-8 编码，未保存任何内容",
      );
      // A file name's bytes are held to the same rule.
      const badName = await send(
        Buffer.from("卷宗/证据.pdf"),
        Buffer.concat([Buffer.from("证据"), Buffer.from(bytes), Buffer.from(".pdf")]),
        "en",
      );
      expect(badName.statusCode, badName.body).toBe(400);
      expect(badName.json().msg).toBe("The request body is not valid UTF-8: nothing was saved");
    }
    expect(await state()).toEqual(before);
    // The same parts in real UTF-8 are stored as sent.
    const ok = await send(Buffer.from("卷宗/证据.pdf"), name, "en");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0].name).toBe("证据.pdf");
  });

  it("leaves no file or row when the body is cut off mid-file", async () => {
    const before = await state();
    const { payload, contentType } = multipartBody([
      { field: "file", filename: "ok.pdf", body: pdfBody("first") },
      {
        field: "file",
        filename: "cut.pdf",
        body: Buffer.concat([pdfBody("second"), Buffer.alloc(64 * 1024, 0x41)]),
      },
    ]);
    const cut = payload.subarray(0, payload.length - 20 * 1024);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/documents/files",
      payload: cut,
      headers: { ...(await uploadHeaders(t, "lawyer")), "content-type": contentType },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await state()).toEqual(before);
  });

  it("leaves no file or row when the client's connection drops mid-upload", async () => {
    const before = await state();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const { payload, contentType } = multipartBody([
      {
        field: "file",
        filename: "dropped.pdf",
        body: Buffer.concat([pdfBody("drop"), Buffer.alloc(200 * 1024, 0x42)]),
      },
    ]);
    const headers = await uploadHeaders(t, "lawyer");
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect({ port: Number(port), host: "127.0.0.1" }, () => {
        socket.write(
          `POST /api/documents/files HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\n` +
            `Content-Length: ${payload.length}\r\nAuthorization: ${headers.authorization}\r\n` +
            `X-Upload-Token: ${headers["x-upload-token"]}\r\n\r\n`,
        );
        socket.write(payload.subarray(0, 120 * 1024), () =>
          setTimeout(() => socket.destroy(), 100),
        );
      });
      socket.on("close", () => resolve());
      socket.on("error", reject);
    });
    // The server notices the drop asynchronously: wait until its staging area is empty again.
    for (let i = 0; i < 100 && walk(path.join(filesDir, "tmp")).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(walk(path.join(filesDir, "tmp"))).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it("counts the rows the database holds for the firm only", async () => {
    const rows = await t.database.db.execute(
      sql`select count(distinct workspace_id)::int as n from files`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });
});

describe("POST /api/documents/files/:id/versions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("adds a version, lists the history and still serves the old one", async () => {
    const first = await upload(t, "assistant", [
      { field: "file", filename: "协议.pdf", body: pdfBody("v1") },
    ]);
    const file = first.json().data[0];
    const res = await upload(
      t,
      "assistant",
      [{ field: "file", filename: "协议-修改.pdf", body: pdfBody("v2-longer") }],
      {
        url: `/api/documents/files/${file.id}/versions`,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: "协议.pdf", currentVersion: 2, version: 2 });
    const headers = await t.as("assistant");
    const history = await t.app.inject({
      url: `/api/documents/files/${file.id}/versions`,
      headers,
    });
    expect(history.json().data.map((v: { versionNo: number }) => v.versionNo)).toEqual([2, 1]);
    const old = await t.app.inject({
      url: `/api/documents/files/${file.id}/content?version=1`,
      headers,
    });
    expect(old.rawPayload.equals(pdfBody("v1"))).toBe(true);
    const current = await t.app.inject({ url: `/api/documents/files/${file.id}/content`, headers });
    expect(current.rawPayload.equals(pdfBody("v2-longer"))).toBe(true);
  });

  it("is refused to a lawyer, who may create but not update", async () => {
    const first = await upload(t, "lawyer", [
      { field: "file", filename: "x.pdf", body: pdfBody("x") },
    ]);
    const res = await upload(
      t,
      "lawyer",
      [{ field: "file", filename: "x.pdf", body: pdfBody("y") }],
      {
        url: `/api/documents/files/${first.json().data[0].id}/versions`,
      },
    );
    expect(res.statusCode).toBe(403);
  });
});
