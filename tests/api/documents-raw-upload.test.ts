import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";

import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, fileVersions } from "../../src/server/db/tables";
import { createTokenSigner, UPLOAD_AUDIENCE } from "../../src/server/lib/tokens";
import { createTestApp, type TestApp } from "../fixtures/app";
import {
  EXE_BODY,
  pdfBody,
  PNG_BODY,
  rawUpload,
  SCRIPT_BODY,
  uploadHeaders,
} from "../fixtures/documents";

const MAX_FILE = 256 * 1024;
const QUOTA = 64 * 1024 ** 2;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

/** The claims of a JWT, unverified (the tests only need the session id and user id). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
    sid: string;
    sub: string;
  };

type RawAnswer = { status: number; body: string };

/**
 * One upload over a real socket, for what inject cannot do: a chunked body with no declared
 * length, or a connection that drops mid-body (`cutAfter` bytes, then the socket is destroyed).
 */
const sendRaw = (
  port: number,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  opts: { chunked?: boolean; cutAfter?: number } = {},
) =>
  new Promise<RawAnswer | "dropped">((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" }, () => {
      const lines = Object.entries({ ...headers, "content-type": "application/octet-stream" }).map(
        ([k, v]) => `${k}: ${v}`,
      );
      lines.push(opts.chunked ? "transfer-encoding: chunked" : `content-length: ${body.length}`);
      socket.write(
        `POST ${url} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n${lines.join("\r\n")}\r\n\r\n`,
      );
      if (opts.cutAfter !== undefined) {
        socket.write(body.subarray(0, opts.cutAfter), () =>
          setTimeout(() => socket.destroy(), 100),
        );
        return;
      }
      if (opts.chunked) {
        for (let i = 0; i < body.length; i += 16 * 1024) {
          const piece = body.subarray(i, i + 16 * 1024);
          socket.write(`${piece.length.toString(16)}\r\n`);
          socket.write(piece);
          socket.write("\r\n");
        }
        socket.write("0\r\n\r\n");
      } else {
        socket.write(body);
      }
    });
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString();
      if (!text) return resolve("dropped");
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const raw = text.slice(text.indexOf("\r\n\r\n") + 4);
      // connection: close answers may still be chunked; the envelope is the JSON object inside.
      resolve({ status, body: raw.slice(raw.indexOf("{"), raw.lastIndexOf("}") + 1) });
    });
    socket.on("error", (err) => (opts.cutAfter !== undefined ? resolve("dropped") : reject(err)));
  });

describe("POST /api/documents/files/raw", () => {
  let t: TestApp;
  let filesDir: string;
  let port: number;
  const state = async () => ({
    files: (await t.database.db.select({ n: count() }).from(files))[0].n,
    versions: (await t.database.db.select({ n: count() }).from(fileVersions))[0].n,
    disk: walk(filesDir).length,
  });

  beforeAll(async () => {
    t = await createTestApp({ uploadMaxFileBytes: MAX_FILE, workspaceQuotaBytes: QUOTA });
    filesDir = path.join(t.app.config.dataDir, "files");
    port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });
  afterAll(() => t.close());

  it("stores the body with its sniffed type, hash and folders, answering like the multipart route", async () => {
    const body = Buffer.concat([pdfBody("raw"), randomBytes(100 * 1024)]);
    const res = await rawUpload(t, "lawyer", body, {
      name: "起诉状.pdf",
      relativePath: "原始案卷/证据/起诉状.pdf",
      receiptDate: "2026-03-02",
    });
    expect(res.statusCode).toBe(200);
    const [file] = res.json().data;
    expect(file).toMatchObject({
      name: "起诉状.pdf",
      mime: "application/pdf",
      size: body.length,
      receiptDate: "2026-03-02",
      sha256: createHash("sha256").update(body).digest("hex"),
    });
    type Folder = { id: string; name: string; parentId: string | null };
    const folders: Folder[] = (
      await t.app.inject({ url: "/api/documents/folders", headers: await t.as("lawyer") })
    ).json().data;
    const top = folders.find((f) => f.name === "原始案卷");
    const sub = folders.find((f) => f.name === "证据" && f.parentId === top?.id);
    expect(file.folderId).toBe(sub?.id);
    const back = await t.app.inject({
      url: `/api/documents/files/${file.id}/content`,
      headers: await t.as("lawyer"),
    });
    expect(back.rawPayload.equals(body)).toBe(true);
    const audit = await t.app.inject({
      url: `/api/audit-logs?entity=files&entityId=${file.id}`,
      headers: await t.as("admin"),
    });
    expect(audit.json().data).toHaveLength(1);
    expect(walk(path.join(filesDir, "tmp"))).toEqual([]);
  });

  it("streams a chunked body with no declared length", async () => {
    const body = Buffer.concat([PNG_BODY, randomBytes(150 * 1024)]);
    const headers = await uploadHeaders(t, "assistant");
    const res = await sendRaw(
      port,
      "/api/documents/files/raw?name=%E7%8E%B0%E5%9C%BA.png",
      headers,
      body,
      { chunked: true },
    );
    expect(res).not.toBe("dropped");
    const answer = res as RawAnswer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data[0]).toMatchObject({
      name: "现场.png",
      mime: "image/png",
      size: body.length,
    });
  });

  it("adds a version through /files/:id/versions/raw", async () => {
    const first = await rawUpload(t, "assistant", pdfBody("v1"), { name: "协议.pdf" });
    const id = first.json().data[0].id;
    const res = await rawUpload(
      t,
      "assistant",
      pdfBody("v2"),
      { name: "协议.pdf" },
      { url: `/api/documents/files/${id}/versions/raw` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, currentVersion: 2 });
    const lawyer = await rawUpload(
      t,
      "lawyer",
      pdfBody("v3"),
      { name: "协议.pdf" },
      { url: `/api/documents/files/${id}/versions/raw` },
    );
    expect(lawyer.statusCode).toBe(403);
    const foreign = await rawUpload(
      t,
      "admin2",
      pdfBody("v3"),
      { name: "协议.pdf" },
      { url: `/api/documents/files/${id}/versions/raw` },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a missing, expired, foreign or signed-out upload token", async () => {
    const before = await state();
    const query = { name: "a.pdf" };
    const body = pdfBody();
    const bearer = await t.as("lawyer", { lang: "en" });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/documents/files/raw",
        query,
        payload: body,
        headers: { "content-type": "application/octet-stream", ...headers },
      });

    const missing = await send(bearer);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      code: 401,
      msg: "The upload token is missing; please try again",
    });

    const { sid, sub } = claimsOf(bearer.authorization.slice(7));
    const firm = await t.database.db.execute(
      sql`select workspace_id::text as id from sessions where id = ${sid}`,
    );
    const ws = (firm as unknown as { rows: { id: string }[] }).rows[0].id;
    const signer = createTokenSigner(t.app.config.jwtSecret);
    const expired = await signer.sign(
      { sid, ws: ws, scope: "upload" },
      UPLOAD_AUDIENCE,
      sub,
      new Date(Date.now() - 1000),
    );
    const late = await send({ ...bearer, "x-upload-token": expired });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe("Your session has expired, please sign in again");

    const forged = await createTokenSigner("another-secret-that-is-long-enough-for-hs256").sign(
      { sid, ws: ws, scope: "upload" },
      UPLOAD_AUDIENCE,
      sub,
      new Date(Date.now() + 60_000),
    );
    expect((await send({ ...bearer, "x-upload-token": forged })).statusCode).toBe(401);

    const others = await uploadHeaders(t, "assistant");
    expect((await send({ ...bearer, "x-upload-token": others["x-upload-token"] })).statusCode).toBe(
      401,
    );

    const token = await t.login("lawyer");
    const auth = { authorization: `Bearer ${token}` };
    const up = (
      await t.app.inject({ url: "/api/user-service/user/get-up-token", headers: auth })
    ).json().data.token;
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    expect((await send({ ...auth, "x-upload-token": up })).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it.each([
    ["spaces", { name: "my file.pdf" }, '"my file.pdf" contains spaces; remove them and try again'],
    [
      "a colon",
      { name: "a:b.pdf" },
      '"a:b.pdf" contains an invalid character; names may not contain \\ / : * ? " < > | or control characters',
    ],
    [
      "a parent-directory name",
      { name: "../../etc/passwd.pdf" },
      '"../../etc/passwd.pdf" contains an invalid character; names may not contain \\ / : * ? " < > | or control characters',
    ],
    [
      "a parent-directory relative path",
      { name: "evil.pdf", relativePath: "../../tmp/evil.pdf" },
      '".." is not a valid name',
    ],
    [
      "an absolute relative path",
      { name: "evil.pdf", relativePath: "/etc/cron.d/evil.pdf" },
      "The name is empty",
    ],
    // Control characters are refused at the edge, for every text and every upload path alike.
    [
      "a control character",
      { name: "a\u0007.pdf" },
      "This text cannot be accepted: name contains a control character",
    ],
  ])("refuses %s and writes nothing", async (_label, query, msg) => {
    const before = await state();
    const res = await rawUpload(t, "lawyer", pdfBody(), query);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await state()).toEqual(before);
    expect(
      walk(t.app.config.dataDir).every(
        (f) => f.startsWith(filesDir) || path.basename(f) === "jwt-secret",
      ),
    ).toBe(true);
  });

  it("translates the name rule into Chinese", async () => {
    const res = await rawUpload(
      t,
      "lawyer",
      pdfBody(),
      { name: "合同 终稿.pdf" },
      { lang: "zh-CN" },
    );
    expect(res.json().msg).toBe("“合同 终稿.pdf”含有空格，请删除空格后重试");
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
      "HTML named .txt",
      "说明.txt",
      Buffer.from("<html><script>alert(1)</script></html>"),
      '"说明.txt" is a program or script and cannot be uploaded',
    ],
    [
      "an executable extension",
      "setup.exe",
      pdfBody(),
      '"setup.exe" is a program or script and cannot be uploaded',
    ],
    [
      "an empty body",
      "空.pdf",
      Buffer.alloc(0),
      '"空.pdf" is an empty folder or an empty file and was not uploaded',
    ],
  ])("sniffs the bytes and refuses %s", async (_label, name, body, msg) => {
    const before = await state();
    const res = await rawUpload(t, "lawyer", body, { name });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await state()).toEqual(before);
  });

  it("refuses another content type, and a folder of another firm", async () => {
    const json = await rawUpload(
      t,
      "lawyer",
      pdfBody(),
      { name: "a.pdf" },
      { headers: { "content-type": "application/pdf" } },
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().msg).toBe("Unsupported content type: application/pdf");
    const foreignFolder = (
      await t.app.inject({ url: "/api/documents/folders", headers: await t.as("admin2") })
    ).json().data[0];
    const into = await rawUpload(t, "lawyer", pdfBody(), {
      name: "a.pdf",
      folderId: foreignFolder.id,
    });
    expect(into.statusCode).toBe(404);
    const bad = await rawUpload(t, "lawyer", pdfBody(), { name: "a.pdf", folderId: "../x" });
    expect(bad.statusCode).toBe(404);
  });

  it("refuses a file over the per-file limit with 413, declared or not", async () => {
    const before = await state();
    const big = Buffer.concat([pdfBody(), Buffer.alloc(MAX_FILE, 0x20)]);
    const declared = await rawUpload(t, "lawyer", big, { name: "big.pdf" });
    expect(declared.statusCode).toBe(413);
    expect(declared.headers.connection).toBe("close");
    expect(declared.json().msg).toBe('"big.pdf" is larger than the 256 KB limit');
    const streamed = await sendRaw(
      port,
      "/api/documents/files/raw?name=big.pdf",
      await uploadHeaders(t, "lawyer"),
      big,
      { chunked: true },
    );
    expect(streamed).toMatchObject({ status: 413 });
    expect(JSON.parse((streamed as RawAnswer).body).msg).toBe(
      '"big.pdf" is larger than the 256 KB limit',
    );
    expect(await state()).toEqual(before);
  });

  it("refuses an upload over the firm's quota with 413, before and after reading the body", async () => {
    const [version] = await t.database.db.select().from(fileVersions).limit(1);
    await t.database.db
      .update(fileVersions)
      .set({ size: QUOTA - 100 })
      .where(eq(fileVersions.id, version.id));
    try {
      const before = await state();
      const body = pdfBody("x".repeat(200));
      const early = await rawUpload(t, "lawyer", body, { name: "one-more.pdf" });
      expect(early.statusCode).toBe(413);
      expect(early.json().msg).toMatch(
        /^The firm's storage is full: 64\.\d MB of 64 MB used, this upload needs \d+ B$/,
      );
      const late = await sendRaw(
        port,
        "/api/documents/files/raw?name=one-more.pdf",
        await uploadHeaders(t, "lawyer"),
        body,
        { chunked: true },
      );
      expect(late).toMatchObject({ status: 413 });
      expect(await state()).toEqual(before);
      expect(walk(path.join(filesDir, "tmp"))).toEqual([]);
    } finally {
      await t.database.db
        .update(fileVersions)
        .set({ size: version.size })
        .where(eq(fileVersions.id, version.id));
    }
  });

  it("leaves no file, staging file or row when the connection drops mid-body", async () => {
    const before = await state();
    const body = Buffer.concat([pdfBody("drop"), randomBytes(200 * 1024)]);
    const res = await sendRaw(
      port,
      "/api/documents/files/raw?name=dropped.pdf",
      await uploadHeaders(t, "lawyer"),
      body,
      { cutAfter: 120 * 1024 },
    );
    expect(res).toBe("dropped");
    // The server notices the drop asynchronously: wait until its staging area is empty again.
    for (let i = 0; i < 100 && walk(path.join(filesDir, "tmp")).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(walk(path.join(filesDir, "tmp"))).toEqual([]);
    expect(await state()).toEqual(before);
  });
});

/** Bodies of several slabs (storage/body-writer.ts): written and hashed off the main thread. */
describe("POST /api/documents/files/raw with bodies larger than one slab", () => {
  const LIMIT = 12 * 1024 * 1024;
  let t: TestApp;
  let filesDir: string;
  let port: number;
  const rows = async () => ({
    files: (await t.database.db.select({ n: count() }).from(files))[0].n,
    versions: (await t.database.db.select({ n: count() }).from(fileVersions))[0].n,
  });
  const staging = () => walk(path.join(filesDir, "tmp"));
  const untilStagingEmpty = async () => {
    for (let i = 0; i < 100 && staging().length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
  };

  beforeAll(async () => {
    t = await createTestApp({ uploadMaxFileBytes: LIMIT, workspaceQuotaBytes: QUOTA });
    filesDir = path.join(t.app.config.dataDir, "files");
    port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });
  afterAll(() => t.close());

  it("stores a body of several slabs and a tail with its sha256, and serves it back", async () => {
    const body = Buffer.concat([pdfBody("large"), randomBytes(9 * 1024 * 1024 + 4321)]);
    const res = await sendRaw(
      port,
      "/api/documents/files/raw?name=large.pdf",
      await uploadHeaders(t, "lawyer"),
      body,
    );
    expect(res).toMatchObject({ status: 200 });
    const [file] = JSON.parse((res as RawAnswer).body).data;
    expect(file).toMatchObject({
      size: body.length,
      mime: "application/pdf",
      sha256: createHash("sha256").update(body).digest("hex"),
    });
    const back = await t.app.inject({
      url: `/api/documents/files/${file.id}/content`,
      headers: await t.as("lawyer"),
    });
    expect(back.rawPayload.equals(body)).toBe(true);
    expect(staging()).toEqual([]);
  });

  it("leaves no staging file or row when the connection drops after several slabs", async () => {
    const before = await rows();
    const body = Buffer.concat([pdfBody("drop"), randomBytes(10 * 1024 * 1024)]);
    const res = await sendRaw(
      port,
      "/api/documents/files/raw?name=dropped-late.pdf",
      await uploadHeaders(t, "lawyer"),
      body,
      {
        cutAfter: 9 * 1024 * 1024,
      },
    );
    expect(res).toBe("dropped");
    await untilStagingEmpty();
    expect(staging()).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it("refuses a streamed body once it passes the limit, several slabs in, and keeps nothing", async () => {
    const before = await rows();
    const body = Buffer.concat([pdfBody("big"), randomBytes(LIMIT)]);
    const res = await sendRaw(
      port,
      "/api/documents/files/raw?name=too-big.pdf",
      await uploadHeaders(t, "lawyer"),
      body,
      { chunked: true },
    );
    expect(res).toMatchObject({ status: 413 });
    await untilStagingEmpty();
    expect(staging()).toEqual([]);
    expect(await rows()).toEqual(before);
  });
});
