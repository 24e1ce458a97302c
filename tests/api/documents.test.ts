import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files } from "../../src/server/db/tables";
import {
  attachFile,
  detachFile,
  listAttachments,
  lockFile,
  unlockFile,
} from "../../src/server/features/documents/attachments";
import { createTestApp, type TestApp } from "../fixtures/app";
import { pdfBody, PNG_BODY, serviceCtx, upload, zipEntryNames } from "../fixtures/documents";

type Row = { id: string; name: string; version: number; parentId?: string | null };

describe("documents", () => {
  let t: TestApp;
  const get = async (url: string, user = "admin", extra: Record<string, string> = {}) =>
    t.app.inject({ url, headers: await t.as(user, { lang: "en", ...extra }) });
  const send = async (
    method: "POST" | "PATCH" | "DELETE",
    url: string,
    user: string,
    payload?: object,
    lang = "en",
  ) =>
    t.app.inject({
      method,
      url,
      headers: await t.as(user, { lang }),
      ...(payload ? { payload } : {}),
    });
  const newFolder = async (name: string, parentId: string | null = null, user = "admin") =>
    (await send("POST", "/api/documents/folders", user, { name, parentId })).json().data as Row;
  const uploadTo = async (user: string, folderId: string, name: string, body = pdfBody(name)) => {
    const r = await upload(t, user, [
      { field: "folderId", value: folderId },
      { field: "file", filename: name, body },
    ]);
    if (r.statusCode !== 200) throw new Error(r.body);
    return r.json().data[0] as Row;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe("folders", () => {
    it("creates, renames and moves folders, with audit rows", async () => {
      const a = await newFolder("卷宗");
      const b = await newFolder("归档");
      const renamed = await send("PATCH", `/api/documents/folders/${a.id}`, "admin", {
        name: "卷宗2026",
        version: a.version,
      });
      expect(renamed.json().data).toMatchObject({ name: "卷宗2026", version: 2 });
      const moved = await send("PATCH", `/api/documents/folders/${a.id}`, "admin", {
        parentId: b.id,
        version: 2,
      });
      expect(moved.json().data.parentId).toBe(b.id);
      const audit = await get(`/api/audit-logs?entity=folders&entityId=${a.id}`);
      expect(
        audit
          .json()
          .data.map((r: { action: string }) => r.action)
          .sort(),
      ).toEqual(["create", "update", "update"]);
    });

    it("refuses a stale version, a move into itself, a duplicate and a bad name", async () => {
      const a = await newFolder("甲");
      const child = await newFolder("乙", a.id);
      const stale = await send("PATCH", `/api/documents/folders/${a.id}`, "admin", {
        name: "丙",
        version: 9,
      });
      expect(stale.statusCode).toBe(409);
      const loop = await send("PATCH", `/api/documents/folders/${a.id}`, "admin", {
        parentId: child.id,
        version: 1,
      });
      expect(loop.statusCode).toBe(400);
      const dup = await send("POST", "/api/documents/folders", "admin", {
        name: "乙",
        parentId: a.id,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().msg).toBe('A file or folder named "乙" already exists here');
      const bad = await send("POST", "/api/documents/folders", "admin", { name: "a b" }, "zh-CN");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe("“a b”含有空格，请删除空格后重试");
      const after = (await get("/api/documents/folders"))
        .json()
        .data.find((f: Row) => f.id === a.id);
      expect(after).toMatchObject({ name: "甲", version: 1, parentId: null });
    });

    it("shows 'No permission' to the intern (403) and keeps lawyers from deleting", async () => {
      const res = await get("/api/documents/files", "intern");
      expect(res.statusCode).toBe(403);
      const folder = await newFolder("律师不能删");
      expect(
        (await send("DELETE", `/api/documents/folders/${folder.id}`, "lawyer")).statusCode,
      ).toBe(403);
    });
  });

  describe("GET /api/documents/files", () => {
    it("filters by folder, searches by name and sorts by size", async () => {
      const folder = await newFolder("排序");
      await uploadTo("lawyer", folder.id, "短.pdf", pdfBody("s"));
      await uploadTo("lawyer", folder.id, "长长.pdf", pdfBody("l".repeat(500)));
      const res = await get(
        `/api/documents/files?folderId=${folder.id}&_sort=size&_order=desc`,
        "lawyer",
      );
      expect(res.json().data.map((f: Row) => f.name)).toEqual(["长长.pdf", "短.pdf"]);
      expect(res.headers["x-total-count"]).toBe("2");
      const search = await get(`/api/documents/files?folderId=${folder.id}&name_like=长`, "lawyer");
      expect(search.json().data).toHaveLength(1);
      expect(search.json().data[0]).toMatchObject({ folderName: "排序", uploaderName: "张伟" });
      expect((await get("/api/documents/files?_sort=sha256")).statusCode).toBe(400);
    });
  });

  describe("GET /api/documents/files/:id/content", () => {
    it("serves ranges and names Chinese files with RFC 5987 filename*", async () => {
      const folder = await newFolder("下载");
      const body = pdfBody("range-test");
      const file = await uploadTo("lawyer", folder.id, "判决书（终审）.pdf", body);
      const whole = await get(`/api/documents/files/${file.id}/content`, "lawyer");
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(body)).toBe(true);
      expect(whole.headers["accept-ranges"]).toBe("bytes");
      expect(whole.headers["content-disposition"]).toBe(
        `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent("判决书（终审）.pdf")}`,
      );
      const part = await get(`/api/documents/files/${file.id}/content`, "lawyer", {
        range: "bytes=0-3",
      });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe("%PDF");
      expect(part.headers["content-range"]).toBe(`bytes 0-3/${body.length}`);
      const tail = await get(`/api/documents/files/${file.id}/content`, "lawyer", {
        range: "bytes=-6",
      });
      expect(tail.body).toBe("%%EOF\n");
      const open = await get(`/api/documents/files/${file.id}/content`, "lawyer", {
        range: `bytes=${body.length - 2}-`,
      });
      expect(open.rawPayload.equals(body.subarray(body.length - 2))).toBe(true);
      const bad = await get(`/api/documents/files/${file.id}/content`, "lawyer", {
        range: `bytes=${body.length}-`,
      });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers["content-range"]).toBe(`bytes */${body.length}`);
      const inline = await get(`/api/documents/files/${file.id}/content?inline=true`, "lawyer");
      expect(inline.headers["content-disposition"]).toMatch(/^inline; /);
      expect(inline.headers["content-type"]).toBe("application/pdf");
    });
  });

  describe("GET /api/documents/folders/:id/zip", () => {
    it("zips only the caller's own files, keeping subfolder paths", async () => {
      const folder = await newFolder("共享案卷");
      const sub = await newFolder("证据", folder.id);
      await uploadTo("lawyer", folder.id, "我的意见.pdf");
      await uploadTo("lawyer", sub.id, "照片.png", PNG_BODY);
      await uploadTo("assistant", folder.id, "助理草稿.pdf");
      const res = await get(`/api/documents/folders/${folder.id}/zip`, "lawyer");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      expect(res.headers["content-disposition"]).toContain(
        `filename*=UTF-8''${encodeURIComponent("共享案卷.zip")}`,
      );
      expect(zipEntryNames(res.rawPayload).sort()).toEqual(["我的意见.pdf", "证据/照片.png"]);
      const assistants = await get(`/api/documents/folders/${folder.id}/zip`, "assistant");
      expect(zipEntryNames(assistants.rawPayload)).toEqual(["助理草稿.pdf"]);
      const none = await get(`/api/documents/folders/${sub.id}/zip`, "assistant");
      expect(none.statusCode).toBe(404);
      expect(none.json().msg).toBe('The folder "证据" holds no files you uploaded');
    });

    it("refuses more than 2 GB before sending anything (sizes simulated)", async () => {
      const folder = await newFolder("大案卷");
      const a = await uploadTo("lawyer", folder.id, "卷一.pdf");
      const b = await uploadTo("lawyer", folder.id, "卷二.pdf");
      await t.database.db
        .update(files)
        .set({ size: Math.round(1.2 * 1024 ** 3) })
        .where(inArray(files.id, [a.id, b.id]));
      const res = await get(`/api/documents/folders/${folder.id}/zip`, "lawyer");
      expect(res.statusCode).toBe(413);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().msg).toBe(
        'Your files in "大案卷" add up to 2.4 GB; a folder download is limited to 2 GB',
      );
      const zh = await get(`/api/documents/folders/${folder.id}/zip`, "lawyer", { lang: "zh-CN" });
      expect(zh.json().msg).toBe("您在“大案卷”中的文件共 2.4 GB，文件夹下载不能超过 2 GB");
    });
  });

  describe("deleting, locks and the trash", () => {
    it("refuses to delete a folder holding a file referenced by a case, saying why", async () => {
      const ctx = await serviceCtx(t, "admin");
      const folder = await newFolder("诉讼");
      const sub = await newFolder("证据", folder.id);
      const file = await uploadTo("admin", sub.id, "合同原件.pdf");
      await attachFile(ctx, { entity: "case", entityId: "case-1", fileId: file.id });
      await lockFile(ctx, {
        entity: "case",
        entityId: "case-1",
        fileId: file.id,
        label: "(2026)京0105民初123号",
      });
      expect(
        (await listAttachments(ctx, { entity: "case", entityId: "case-1" })).map((a) => a.fileId),
      ).toEqual([file.id]);

      const en = await send("DELETE", `/api/documents/folders/${folder.id}`, "admin");
      expect(en.statusCode).toBe(409);
      expect(en.json().msg).toBe(
        'The folder "诉讼" cannot be deleted: the file "合同原件.pdf" in it is referenced by case "(2026)京0105民初123号"',
      );
      const zh = await send(
        "DELETE",
        `/api/documents/folders/${folder.id}`,
        "admin",
        undefined,
        "zh-CN",
      );
      expect(zh.json().msg).toBe(
        "文件夹“诉讼”不能删除：其中的文件“合同原件.pdf”被案件“(2026)京0105民初123号”引用",
      );
      const fileDel = await send("DELETE", `/api/documents/files/${file.id}`, "admin");
      expect(fileDel.statusCode).toBe(409);
      const meta = await get(`/api/documents/files/${file.id}`);
      expect(meta.json().data.locks).toEqual([
        { entity: "case", entityId: "case-1", label: "(2026)京0105民初123号" },
      ]);
      expect((await get("/api/documents/folders")).json().data.map((f: Row) => f.id)).toContain(
        sub.id,
      );

      await unlockFile(ctx, { entity: "case", entityId: "case-1" });
      await detachFile(ctx, { entity: "case", entityId: "case-1", fileId: file.id });
      const ok = await send("DELETE", `/api/documents/folders/${folder.id}`, "admin");
      expect(ok.json().data).toEqual({ id: folder.id, folders: 2, files: 1 });
      expect((await get(`/api/documents/files/${file.id}`)).statusCode).toBe(404);

      const trash = await get("/api/documents/trash");
      expect(trash.json().data.map((r: Row) => r.id)).toEqual(
        expect.arrayContaining([folder.id, sub.id, file.id]),
      );
      const restored = await send("POST", "/api/documents/trash/restore", "admin", {
        type: "folder",
        id: folder.id,
      });
      expect(restored.statusCode).toBe(200);
      expect((await get(`/api/documents/files/${file.id}`)).json().data.folderId).toBe(sub.id);
      expect((await get("/api/documents/trash", "lawyer")).statusCode).toBe(403);
    });

    it("restores a file whose folder is gone to the root", async () => {
      const folder = await newFolder("临时");
      const file = await uploadTo("admin", folder.id, "草稿.pdf");
      await send("DELETE", `/api/documents/files/${file.id}`, "admin");
      await send("DELETE", `/api/documents/folders/${folder.id}`, "admin");
      await send("POST", "/api/documents/trash/restore", "admin", { type: "file", id: file.id });
      expect((await get(`/api/documents/files/${file.id}`)).json().data.folderId).toBeNull();
    });
  });

  describe("another firm's ids", () => {
    it("answers 404 for a file or folder id of another firm, and changes nothing", async () => {
      const folder = await newFolder("机密");
      const file = await uploadTo("admin", folder.id, "机密.pdf");
      const before = await t.database.db.select().from(files).where(eq(files.id, file.id));
      const urls = [
        `/api/documents/files/${file.id}`,
        `/api/documents/files/${file.id}/content`,
        `/api/documents/files/${file.id}/versions`,
        `/api/documents/folders/${folder.id}/zip`,
      ];
      for (const url of urls) {
        const res = await get(url, "admin2");
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain("机密");
      }
      expect(
        (
          await send("PATCH", `/api/documents/files/${file.id}`, "admin2", {
            name: "x.pdf",
            version: 1,
          })
        ).statusCode,
      ).toBe(404);
      expect((await send("DELETE", `/api/documents/files/${file.id}`, "admin2")).statusCode).toBe(
        404,
      );
      expect(
        (await send("DELETE", `/api/documents/folders/${folder.id}`, "admin2")).statusCode,
      ).toBe(404);
      const version = await upload(
        t,
        "admin2",
        [{ field: "file", filename: "v.pdf", body: pdfBody() }],
        {
          url: `/api/documents/files/${file.id}/versions`,
        },
      );
      expect(version.statusCode).toBe(404);
      const into = await upload(t, "admin2", [
        { field: "folderId", value: folder.id },
        { field: "file", filename: "in.pdf", body: pdfBody() },
      ]);
      expect(into.statusCode).toBe(404);
      const ctx2 = await serviceCtx(t, "admin2");
      await expect(
        attachFile(ctx2, { entity: "case", entityId: "c", fileId: file.id }),
      ).rejects.toMatchObject({ status: 404 });
      expect(await t.database.db.select().from(files).where(eq(files.id, file.id))).toEqual(before);
    });
  });
});
