import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  archiveVolumeItems,
  archiveVolumes,
  cases,
  roles,
  users,
  workflowTasks,
  workspaces,
} from "../../src/server/db/tables";
import { runMerges } from "../../src/server/features/archive";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { createTestApp, type TestApp } from "../fixtures/app";
import { archiveCall, textPdf } from "../fixtures/archive";
import { casesApi } from "../fixtures/cases";
import { docxOfBody, docxParagraph } from "../fixtures/docx";
import { PNG_BODY, multipartBody, upload, uploadHeaders } from "../fixtures/documents";

describe("archiving (归档)", () => {
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "lm-archive-test-"));

  const call = archiveCall(() => t);

  const folderOf = async (caseId: string) =>
    (await t.database.db.select().from(cases).where(eq(cases.id, caseId)))[0].folderId as string;

  const put = async (caseId: string, name: string, body: Buffer) => {
    const res = await upload(t, "admin", [
      { field: "folderId", value: await folderOf(caseId) },
      { field: "file", filename: name, body, type: "application/octet-stream" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0].id as string;
  };

  /** A case closed through its closing approval: the accept opens its volume. */
  const closedCase = async () => {
    const kase = await api.open("lawyer");
    const res = await call("POST", "lawyer", `/api/cases/${kase.id}/closing-submissions`, {
      summary: { result: "judgment", text: "胜诉结案" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.acceptAll(res.json().data.instanceId);
    return kase;
  };
  const volumeOfCase = async (caseId: string) =>
    (await t.database.db.select().from(archiveVolumes).where(eq(archiveVolumes.caseId, caseId)))[0];
  const detail = async (id: string, who = "admin") =>
    (await call("GET", who, `/api/archive-volumes/${id}`)).json().data;

  /** A case with one file, closed by the administrator's correction (which opens its volume). */
  const readyVolume = async (text = "ONLY FILE") => {
    const kase = await api.open("lawyer");
    const fileId = await put(kase.id, `${randomUUID()}.pdf`, await textPdf(text));
    const closed = await api.post("admin", `/api/cases/${kase.id}/close`, {
      version: (await api.get("admin", `/api/cases/${kase.id}`)).json().data.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const opened = await call("POST", "admin", `/api/cases/${kase.id}/archive-volume`);
    expect(opened.statusCode, opened.body).toBe(200);
    return { kase, volume: opened.json().data, fileId };
  };

  const archive = async (volumeId: string) => {
    const res = await call(
      "POST",
      "admin",
      `/api/archive-volumes/${volumeId}/submissions`,
      undefined,
      {
        key: randomUUID(),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.instanceId as string;
  };

  /** The archive review is "any one of them": the first reviewer's accept ends it. */
  const acceptArchive = async (instanceId: string) => {
    const [task] = await t.database.db
      .select({ username: users.username })
      .from(workflowTasks)
      .innerJoin(users, eq(users.id, workflowTasks.assigneeId))
      .where(and(eq(workflowTasks.instanceId, instanceId), eq(workflowTasks.status, "pending")))
      .limit(1);
    await api.wf.accept(task.username, instanceId);
  };

  beforeAll(async () => {
    t = await createTestApp({ archiveMergeIntervalMs: 0 });
    api = casesApi(t);
    // The demo's archived volume of each firm (seed/archive.ts) is merged first, out of the way.
    expect(await runMerges(t.app)).toBe(2);
  });
  afterAll(() => t.close());

  it("opens a volume when the closing is accepted, due a month after the closing", async () => {
    const kase = await closedCase();
    const volume = await volumeOfCase(kase.id);
    expect(volume).toMatchObject({ status: "draft", volumeNo: null, retentionYears: 10 });
    const [y, m] = volume.closedOn.split("-").map(Number);
    expect(volume.dueOn.slice(0, 7)).toBe(
      `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}`,
    );
    const items = (await detail(volume.id)).items.map((i: { kind: string }) => i.kind);
    expect(items[0]).toBe("cover");
    expect(items[1]).toBe("contents");
    expect(items.at(-1)).toBe("closing-note");
    const list = await call("GET", "lawyer", `/api/archive-volumes?caseId=${kase.id}`);
    expect(list.json().data.map((v: { id: string }) => v.id)).toEqual([volume.id]);
  });

  it("opens the volume when an administrator closes the case directly, and on demand finds that one", async () => {
    const kase = await api.open("lawyer");
    expect(await volumeOfCase(kase.id)).toBeUndefined();
    const closed = await api.post("admin", `/api/cases/${kase.id}/close`, {
      version: kase.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const volume = await volumeOfCase(kase.id);
    expect(volume).toMatchObject({ status: "draft", closedOn: closed.json().data.serviceEnd });
    const opened = await call("POST", "admin", `/api/cases/${kase.id}/archive-volume`);
    expect(opened.json().data.id).toBe(volume.id);
  });

  it("assembles, archives with a number, locks every file and merges one checked PDF", async () => {
    const kase = await closedCase();
    const volume = await volumeOfCase(kase.id);
    const one = await put(kase.id, "一-first.pdf", await textPdf("ALPHA FIRST"));
    const two = await put(kase.id, "二-second.pdf", await textPdf("BRAVO SECOND"));
    const img = await put(kase.id, "scan.png", PNG_BODY);
    const card = await put(kase.id, "quality-card.pdf", await textPdf("CHARLIE CARD"));
    let d = await detail(volume.id);
    const items = await call("PUT", "admin", `/api/archive-volumes/${volume.id}/items`, {
      version: d.version,
      items: [
        { fileId: two, included: true },
        { fileId: img, included: true },
        { fileId: one, included: true },
      ],
    });
    expect(items.statusCode, items.body).toBe(200);
    d = items.json().data;
    const q = await call("POST", "admin", `/api/archive-volumes/${volume.id}/quality-card`, {
      fileId: card,
      version: d.version,
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data.items.map((i: { kind: string }) => i.kind)).toEqual([
      "cover",
      "contents",
      "file",
      "file",
      "file",
      "quality-card",
      "closing-note",
    ]);
    // A lawyer reads the volume of a case he may read, but assembling is the archivist's.
    const refused = await call("PUT", "lawyer", `/api/archive-volumes/${volume.id}/items`, {
      version: q.json().data.version,
      items: [],
    });
    expect(refused.statusCode).toBe(403);

    await acceptArchive(await archive(volume.id));
    const archived = await volumeOfCase(kase.id);
    expect(archived.status).toBe("archived");
    expect(archived.volumeNo).toMatch(/^明律档字〔\d{4}〕第\d{4}号$/);
    expect(archived.mergeStatus).toBe("queued");

    // Every documents write on an archived file is refused.
    for (const fileId of [one, two, img, card]) {
      const headers = await t.as("admin", { lang: "en" });
      const file = (await t.app.inject({ url: `/api/documents/files/${fileId}`, headers })).json()
        .data;
      const patch = await t.app.inject({
        method: "PATCH",
        url: `/api/documents/files/${fileId}`,
        headers: { ...headers, "content-type": "application/json" },
        payload: { name: "renamed.pdf", version: file.version },
      });
      expect(patch.statusCode, patch.body).toBe(409);
      const del = await t.app.inject({
        method: "DELETE",
        url: `/api/documents/files/${fileId}`,
        headers,
      });
      expect(del.statusCode).toBe(409);
      const { payload, contentType } = multipartBody([
        { field: "file", filename: "new.pdf", body: await textPdf("NEW") },
      ]);
      const version = await t.app.inject({
        method: "POST",
        url: `/api/documents/files/${fileId}/versions`,
        headers: { ...(await uploadHeaders(t, "admin")), "content-type": contentType },
        payload,
      });
      expect(version.statusCode, version.body).toBe(409);
      expect(version.json().msg).toContain(archived.volumeNo);
      const raw = await t.app.inject({
        method: "POST",
        url: `/api/documents/files/${fileId}/versions/raw?name=new.pdf`,
        headers: {
          ...(await uploadHeaders(t, "admin")),
          "content-type": "application/octet-stream",
        },
        payload: await textPdf("NEW"),
      });
      expect([409, 415]).toContain(raw.statusCode);
    }
    const folderDelete = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/folders/${await folderOf(kase.id)}`,
      headers: await t.as("admin"),
    });
    expect(folderDelete.statusCode).toBe(409);

    expect(await runMerges(t.app)).toBe(1);
    const merged = await volumeOfCase(kase.id);
    expect(merged.mergeStatus).toBe("done");
    const res = await call("GET", "lawyer", `/api/archive-volumes/${volume.id}/merged-pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(tmp, "merged.pdf");
    writeFileSync(file, res.rawPayload);
    execFileSync("qpdf", ["--check", file]);
    const pages = Number(
      execFileSync("qpdf", ["--show-npages", file], { encoding: "utf8" }).trim(),
    );
    expect(pages).toBe(merged.mergedPages);
    // cover + contents + 4 one-page parts + closing note
    expect(pages).toBe(7);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const at = ["BRAVO SECOND", "ALPHA FIRST", "CHARLIE CARD"].map((s) => text.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // By a ticket link, as the volume page opens it: the browser streams it without the Bearer.
    const ticket = await call(
      "POST",
      "lawyer",
      `/api/archive-volumes/${volume.id}/merged-pdf/ticket`,
      {
        inline: true,
      },
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
    const link = ticket.json().data.url as string;
    expect(link).toMatch(/^\/api\/archive-volumes\/[0-9a-f-]+\/merged-pdf\/download\?ticket=/);
    const byLink = await t.app.inject({ method: "GET", url: link });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.headers["cache-control"]).toBe("private, no-store");
    expect(byLink.headers["content-disposition"]).toMatch(/^inline/);
    expect(byLink.rawPayload.equals(res.rawPayload)).toBe(true);
    // The ticket names this volume: on another id it is refused like a forged one.
    const [another] = await t.database.db
      .select({ id: archiveVolumes.id })
      .from(archiveVolumes)
      .where(
        and(eq(archiveVolumes.workspaceId, merged.workspaceId), ne(archiveVolumes.id, volume.id)),
      )
      .limit(1);
    const other = link.replace(volume.id, another.id);
    expect((await t.app.inject({ method: "GET", url: other })).statusCode).toBe(401);
    // Whoever may not read the volume gets no ticket, as they get no PDF.
    const noTicket = await call(
      "POST",
      "intern",
      `/api/archive-volumes/${volume.id}/merged-pdf/ticket`,
    );
    const direct = await call("GET", "intern", `/api/archive-volumes/${volume.id}/merged-pdf`);
    expect([403, 404]).toContain(noTicket.statusCode);
    expect(noTicket.statusCode).toBe(direct.statusCode);
    expect(text).toContain("卷内目录");
    expect(text).toContain(archived.volumeNo);
    // The merged PDF itself is locked with the volume.
    const delMerged = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/files/${merged.mergedFileId}`,
      headers: await t.as("admin"),
    });
    expect(delMerged.statusCode).toBe(409);
  });

  it("puts an Office file into the merged PDF through the LibreOffice sandbox", async () => {
    const { kase, volume } = await readyVolume("PDF BEFORE");
    const docx = await docxOfBody(docxParagraph("DOCX ECHO OPINION"));
    const docxId = await put(kase.id, "代理意见.docx", docx);
    const d = await detail(volume.id);
    const files = d.items
      .filter((i: { kind: string }) => i.kind === "file")
      .map((i: { fileId: string }) => ({ fileId: i.fileId, included: true }));
    const items = await call("PUT", "admin", `/api/archive-volumes/${volume.id}/items`, {
      version: d.version,
      items: [...files, { fileId: docxId, included: true }],
    });
    expect(items.statusCode, items.body).toBe(200);
    await acceptArchive(await archive(volume.id));
    expect(await runMerges(t.app)).toBe(1);
    const merged = await volumeOfCase(kase.id);
    expect(merged.mergeStatus, merged.mergeError ?? "").toBe("done");
    const res = await call("GET", "admin", `/api/archive-volumes/${volume.id}/merged-pdf`);
    const file = path.join(tmp, "merged-office.pdf");
    writeFileSync(file, res.rawPayload);
    execFileSync("qpdf", ["--check", file]);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const at = ["PDF BEFORE", "DOCX ECHO OPINION"].map((s) => text.indexOf(s));
    expect(at[0]).toBeGreaterThanOrEqual(0);
    expect(at[1]).toBeGreaterThan(at[0]);
  });

  it("numbers 20 volumes accepted at once with 20 consecutive numbers", async () => {
    const ready = [];
    for (let i = 0; i < 20; i += 1) ready.push(await readyVolume(`FILE ${i}`));
    const instances = [];
    for (const r of ready) instances.push(await archive(r.volume.id));
    await Promise.all(instances.map((id) => acceptArchive(id)));
    const numbers = [];
    for (const r of ready) numbers.push((await volumeOfCase(r.kase.id)).volumeNo as string);
    expect(new Set(numbers).size).toBe(20);
    const seqs = numbers.map((n) => Number(/第(\d+)号/.exec(n)![1])).sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; i += 1) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    await runMerges(t.app);
  });

  it("finishes a merge after a crash mid-assembly, leaving no partial PDF and no temp files", async () => {
    const { kase, volume } = await readyVolume("CRASH ONE");
    await put(kase.id, "second.pdf", await textPdf("CRASH TWO"));
    const d = await detail(volume.id);
    const files = d.items.filter((i: { fileId: string | null }) => i.fileId);
    const all = [...files, ...d.available.map((f: { id: string }) => ({ fileId: f.id }))];
    const put2 = await call("PUT", "admin", `/api/archive-volumes/${volume.id}/items`, {
      version: d.version,
      items: all.map((i: { fileId: string }) => ({ fileId: i.fileId, included: true })),
    });
    expect(put2.statusCode, put2.body).toBe(200);
    await acceptArchive(await archive(volume.id));
    await expect(runMerges(t.app, { crashAfterFiles: 1 })).rejects.toThrow("simulated crash");
    const crashed = await volumeOfCase(kase.id);
    expect(crashed).toMatchObject({ mergeStatus: "running", mergedFileId: null });
    const dir = path.join(t.app.config.dataDir, "archive-merge", volume.id);
    expect(existsSync(path.join(dir, "merged.pdf"))).toBe(false);
    // Not stale yet: another process leaves it alone; once stale, it is taken again.
    expect(await runMerges(t.app)).toBe(0);
    expect(await runMerges(t.app, { staleMs: 0 })).toBe(1);
    const done = await volumeOfCase(kase.id);
    expect(done).toMatchObject({ mergeStatus: "done", mergedPages: 5 });
    expect(existsSync(dir)).toBe(false);
  });

  it("fails the merge with its reason and the file's name for a damaged PDF, and Retry queues it again", async () => {
    const { kase, volume } = await readyVolume("GOOD ONE");
    const brokenId = await put(
      kase.id,
      "损坏.pdf",
      Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n"),
    );
    const d = await detail(volume.id);
    const files = d.items.filter((i: { fileId: string | null }) => i.fileId);
    const put2 = await call("PUT", "admin", `/api/archive-volumes/${volume.id}/items`, {
      version: d.version,
      items: [...files, { fileId: brokenId }].map((i: { fileId: string }) => ({
        fileId: i.fileId,
        included: true,
      })),
    });
    expect(put2.statusCode, put2.body).toBe(200);
    await acceptArchive(await archive(volume.id));
    expect(await runMerges(t.app)).toBe(0);
    expect(await volumeOfCase(kase.id)).toMatchObject({
      mergeStatus: "failed",
      mergeError: "unreadable:损坏.pdf",
      mergedFileId: null,
    });
    const retried = await call("POST", "admin", `/api/archive-volumes/${volume.id}/merge-retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.mergeStatus).toBe("queued");
  });

  it("refuses another firm's volume or case with 404 and a volume outside the caller's cases", async () => {
    const { volume } = await readyVolume();
    const [other] = await t.database.db
      .select({ id: cases.id, workspaceId: cases.workspaceId })
      .from(cases)
      .innerJoin(workspaces, eq(workspaces.id, cases.workspaceId))
      .where(eq(workspaces.nameEn, "Zhengheng Law Firm"))
      .limit(1);
    const [foreign] = await t.database.db
      .insert(archiveVolumes)
      .values({
        workspaceId: other.workspaceId,
        caseId: other.id,
        retentionYears: 10,
        closedOn: "2026-01-01",
        dueOn: "2026-02-01",
      })
      .returning();
    const before = await t.database.db.select({ n: count() }).from(archiveVolumeItems);
    const routes: [method: "GET" | "POST" | "PUT", url: string, body?: unknown][] = [
      ["GET", `/api/archive-volumes/${foreign.id}`],
      ["PUT", `/api/archive-volumes/${foreign.id}/items`, { version: 1, items: [] }],
      [
        "POST",
        `/api/archive-volumes/${foreign.id}/quality-card`,
        { fileId: randomUUID(), version: 1 },
      ],
      ["POST", `/api/archive-volumes/${foreign.id}/submissions`],
      ["POST", `/api/archive-volumes/${foreign.id}/merge-retry`],
      ["GET", `/api/archive-volumes/${foreign.id}/merged-pdf`],
      ["POST", `/api/cases/${other.id}/archive-volume`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, "admin", url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call("GET", "admin", "/api/archive-volumes");
    expect(list.json().data.map((v: { id: string }) => v.id)).not.toContain(foreign.id);

    // An intern who may read only own cases sees nothing of the lawyer's volume.
    const [firm] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Mingde Law Firm"));
    const [intern] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, firm.id), eq(roles.code, "intern")));
    const rules = await call("PUT", "admin", `/api/roles/${intern.id}/rules`, {
      rules: [
        { action: "basic", subject: "BASIC_PERMISSION" },
        { action: "read", subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
        { action: "read", subject: "LAWFIRM_ARCHIVE_VIEW" },
      ],
      version: intern.version,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    expect((await call("GET", "intern", `/api/archive-volumes/${volume.id}`)).statusCode).toBe(404);
    expect(
      (await call("GET", "intern", `/api/archive-volumes/${volume.id}/merged-pdf`)).statusCode,
    ).toBe(404);
    const internList = await call("GET", "intern", "/api/archive-volumes");
    expect(internList.json().data.map((v: { id: string }) => v.id)).not.toContain(volume.id);
    for (const [method, url, body] of routes.slice(1, 5)) {
      const res = await call(method, "intern", url.replace(foreign.id, volume.id), body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.database.db.select({ n: count() }).from(archiveVolumeItems)).toEqual(before);
  });

  it("refuses hostile input with a translated 4xx and writes nothing", async () => {
    const { volume, fileId } = await readyVolume();
    const d = await detail(volume.id);
    const deep = `{"version":1,"items":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const bodies: unknown[] = [
      { version: d.version, items: [{ fileId: "a\u0000b", included: true }] },
      { version: d.version, items: [{ fileId: randomUUID(), included: true }] },
      {
        version: d.version,
        items: [
          { fileId, included: true },
          { fileId, included: true },
        ],
      },
      JSON.parse(`{"version": ${d.version}, "items": [], "__proto__": {"x": 1}}`),
      { version: d.version, items: [{ fileId, included: "yes" }] },
      { version: d.version + 5, items: [{ fileId, included: true }] },
      deep,
    ];
    for (const [i, body] of bodies.entries())
      for (const lang of ["en", "zh-CN"] as const) {
        const res = await call("PUT", "admin", `/api/archive-volumes/${volume.id}/items`, body, {
          lang,
        });
        expect([400, 409, 413, 422], `body ${i}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().msg).toBeTruthy();
        if (lang === "zh-CN") expect(res.json().msg, `body ${i}`).not.toMatch(/^[\x20-\x7e]+$/);
      }
    expect((await detail(volume.id)).version).toBe(d.version);
    const q = await call("GET", "admin", "/api/archive-volumes?caseId=2031-02-30");
    expect(q.statusCode).toBe(400);
    const settings = await call("GET", "admin", "/api/archive-settings");
    const short = await call(
      "PUT",
      "admin",
      "/api/archive-settings",
      { ...settings.json().data, retentionYears: { "civil-litigation": 5 } },
      { lang: "zh-CN" },
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().msg).toBe("卷宗保管期限不得少于 10 年");
    const format = await call("PUT", "admin", "/api/archive-settings", {
      ...settings.json().data,
      numberFormat: "{firm}档{year}",
    });
    expect(format.statusCode).toBe(422);
    expect((await call("GET", "admin", "/api/archive-settings")).json().data).toEqual(
      settings.json().data,
    );
    const notClosed = await api.open("lawyer");
    const refused = await call(
      "POST",
      "admin",
      `/api/cases/${notClosed.id}/archive-volume`,
      undefined,
      {
        lang: "zh-CN",
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("只有已结案的案件才能建立档案卷宗");
  });
});
