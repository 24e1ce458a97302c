import { createHash, randomBytes } from "node:crypto";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, fileVersions } from "../../src/server/db/tables";
import { lockBodiesShared } from "../../src/server/features/documents/common";
import { purgeUnreferencedBodies } from "../../src/server/features/documents/purge-bodies";
import type { BlobStore } from "../../src/server/features/documents/storage/blob-store";
import { createDiskStore } from "../../src/server/features/documents/storage/disk-store";
import { createTestApp, type TestApp } from "../fixtures/app";
import { pdfBody, rawUpload, upload } from "../fixtures/documents";

const HOUR = 3600_000;

describe("purge of unreferenced file bodies", () => {
  let t: TestApp;
  let store: BlobStore;
  let root: string;
  const bodyPath = (key: string) => path.join(root, "blobs", key.slice(0, 2), key.slice(2, 4), key);
  /** Makes a file look last written `ms` ago. */
  const age = (file: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    utimesSync(file, when, when);
  };
  /** A body in the store that no row references, as a refused or rolled-back upload leaves. */
  const orphan = async () => {
    const staged = await store.stage(Readable.from([pdfBody(randomBytes(8).toString("hex"))]));
    return staged.commit();
  };
  const purge = (graceMs: number) => purgeUnreferencedBodies(t.database.db, store, graceMs);

  beforeAll(async () => {
    // The periodic job is off: each test runs the purge itself, when it wants.
    t = await createTestApp({ documentsPurgeIntervalSeconds: 0 });
    root = path.join(t.app.config.dataDir, "files");
    store = createDiskStore(root);
  });
  afterAll(() => t.close());

  it("deletes an old orphan, keeps referenced bodies and bodies still in their grace period", async () => {
    const old = await orphan();
    const fresh = await orphan();
    age(bodyPath(old), 2 * 24 * HOUR);
    const res = await rawUpload(t, "lawyer", pdfBody("kept"), { name: "保留.pdf" });
    const kept = res.json().data[0];
    age(bodyPath(kept.sha256), 2 * 24 * HOUR);

    const result = await purge(24 * HOUR);
    expect(result.removed).toBe(1);
    expect(existsSync(bodyPath(old))).toBe(false);
    expect(existsSync(bodyPath(fresh))).toBe(true);
    expect(existsSync(bodyPath(kept.sha256))).toBe(true);
    const download = await t.app.inject({
      url: `/api/documents/files/${kept.id}/content`,
      headers: await t.as("lawyer"),
    });
    expect(download.rawPayload.equals(pdfBody("kept"))).toBe(true);

    // Once its grace period is over, the fresh orphan goes too; the seed's bodies stay.
    expect((await purge(0)).removed).toBe(1);
    expect(existsSync(bodyPath(fresh))).toBe(false);
    const seeded = await t.database.db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.name, "使用说明.txt"));
    for (const v of seeded) expect(existsSync(bodyPath(v.storageKey))).toBe(true);
  });

  it("keeps a body while any version still uses it: older versions and files in the trash", async () => {
    const first = await rawUpload(t, "assistant", pdfBody("v1-of-history"), { name: "历史.pdf" });
    const file = first.json().data[0];
    await rawUpload(
      t,
      "assistant",
      pdfBody("v2-of-history"),
      { name: "历史.pdf" },
      { url: `/api/documents/files/${file.id}/versions/raw` },
    );
    await t.app.inject({
      method: "DELETE",
      url: `/api/documents/files/${file.id}`,
      headers: await t.as("admin"),
    });
    expect((await purge(0)).removed).toBe(0);
    expect(existsSync(bodyPath(file.sha256))).toBe(true);
    // When the last version row is gone (a purged trash, a removed version), the body goes.
    await t.database.db.delete(fileVersions).where(eq(fileVersions.fileId, file.id));
    await t.database.db.delete(files).where(eq(files.id, file.id));
    expect((await purge(0)).removed).toBe(2);
    expect(existsSync(bodyPath(file.sha256))).toBe(false);
  });

  it("deletes the body a rolled-back upload committed", async () => {
    const taken = await rawUpload(t, "lawyer", pdfBody("taken"), { name: "占用.pdf" });
    expect(taken.statusCode).toBe(200);
    const body = pdfBody("rolled-back");
    const res = await upload(t, "lawyer", [
      { field: "file", filename: "新文件.pdf", body },
      { field: "file", filename: "占用.pdf", body: pdfBody("clash") },
    ]);
    expect(res.statusCode).toBe(409);
    const key = createHash("sha256").update(body).digest("hex");
    // The first file's body was committed before the second name clashed and rolled it back.
    expect(existsSync(bodyPath(key))).toBe(true);
    expect(
      await t.database.db.select().from(fileVersions).where(eq(fileVersions.storageKey, key)),
    ).toEqual([]);
    await purge(0);
    expect(existsSync(bodyPath(key))).toBe(false);
  });

  it("removes a crashed upload's staging file only after the grace period", async () => {
    await store.pendingCount();
    const stale = path.join(root, "tmp", "crashed.part");
    const live = path.join(root, "tmp", "in-progress.part");
    writeFileSync(stale, "half a body");
    writeFileSync(live, "still arriving");
    age(stale, 2 * 24 * HOUR);
    const result = await purge(24 * HOUR);
    expect(result.staging).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    await store.sweepStaging(new Date());
  });

  it("never deletes a body an upload has committed but not yet referenced", async () => {
    const res = await rawUpload(t, "lawyer", pdfBody("target"), { name: "并发.pdf" });
    const file = res.json().data[0];
    const staged = await store.stage(Readable.from([pdfBody("racing-version")]));
    let committed!: () => void;
    const isCommitted = new Promise<void>((resolve) => {
      committed = resolve;
    });
    let proceed!: () => void;
    const mayProceed = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    // An upload caught between its commit (the rename) and the insert of its row.
    const uploading = t.database.db.transaction(async (tx) => {
      await lockBodiesShared(tx);
      const key = await staged.commit();
      committed();
      await mayProceed;
      await tx.insert(fileVersions).values({
        workspaceId: file.workspaceId,
        fileId: file.id,
        versionNo: 2,
        name: file.name,
        size: staged.size,
        mime: "application/pdf",
        sha256: staged.sha256,
        storageKey: key,
        createdBy: file.createdBy,
      });
    });
    await isCommitted;
    // The purge sees the body unreferenced on disk, but must wait for the upload's lock.
    const purging = purge(0);
    await new Promise((r) => setTimeout(r, 300));
    proceed();
    await uploading;
    await purging;
    expect(existsSync(bodyPath(staged.sha256))).toBe(true);
  });
});
