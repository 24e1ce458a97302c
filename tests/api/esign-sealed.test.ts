import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { esignRequests, files, fileVersions } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { type EsignApi, esignCaseSuite } from "../fixtures/esign";

/**
 * The sealed bytes after signing: archive and void of the contract are entries of their own at the
 * end of the trail (the sealed file is untouched), and every download of the sealed file, through
 * Documents too, re-checks its hash.
 */
describe("a sealed contract afterwards", () => {
  const suite = esignCaseSuite("签后归档案件");
  let t: TestApp;
  let api: EsignApi;
  let caseId: string;
  let sealId: string;
  let n = 0;
  beforeAll(() => ({ t, api, caseId, sealId } = suite));
  const completed = () => {
    n += 1;
    return api.completedRequest(caseId, sealId, `after${n}@example.com`);
  };
  const requestRow = async (id: string) =>
    (await t.database.db.select().from(esignRequests).where(eq(esignRequests.id, id)))[0];
  const contractVersion = async (id: string) =>
    (await api.get("lawyer", `/api/contracts/${id}`)).json().data.version as number;
  const detail = async (requestId: string) =>
    (await api.get("lawyer", `/api/esign/requests/${requestId}`)).json().data.current;

  it("archiving adds an 'archived' entry to the trail, leaving the sealed file as it was", async () => {
    const { contract, requestId, sealed } = await completed();
    const before = await requestRow(requestId);
    const scans = await api.files("lawyer", ["归档扫描.pdf"]);
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: scans,
      remark: "原件入柜",
      version: await contractVersion(contract.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.approve(res.json().data.instanceId);
    expect((await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data.status).toBe(
      "archived",
    );
    const current = await detail(requestId);
    const last = current.trail.at(-1);
    expect(last).toMatchObject({
      action: "archived",
      actorName: expect.any(String),
      docSha256: before.sealedSha256,
    });
    expect(last.actorName).not.toBe("");
    expect(current.chainValid).toBe(true);
    const after = await requestRow(requestId);
    expect(after).toMatchObject({
      sealedSha256: before.sealedSha256,
      sealedFileId: before.sealedFileId,
      status: "completed",
    });
    const again = await api.get("lawyer", `/api/esign/requests/${requestId}/sealed`);
    expect(again.rawPayload.equals(sealed)).toBe(true);
    // The public verify page shows the step too.
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      headers: { "content-type": "application/pdf" },
      payload: sealed,
    });
    expect(verify.json().data.trail.map((e: { action: string }) => e.action)).toContain("archived");
    // Its times are read on the sealing firm's clock, not the reader's.
    expect(verify.json().data.timeZone).toBe("Asia/Shanghai");
  });

  it("voiding adds a 'voided' entry with its reason", async () => {
    const { contract, requestId } = await completed();
    const before = await requestRow(requestId);
    const cert = await api.files("lawyer", ["作废证明.pdf"]);
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/void`, {
      reason: "双方协商解除",
      certificateIds: cert,
      version: await contractVersion(contract.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.approve(res.json().data.instanceId);
    expect((await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data.status).toBe(
      "voided",
    );
    const current = await detail(requestId);
    expect(current.trail.at(-1)).toMatchObject({
      action: "voided",
      docSha256: before.sealedSha256,
    });
    expect(current.chainValid).toBe(true);
    expect((await requestRow(requestId)).sealedSha256).toBe(before.sealedSha256);
  });

  it("voiding a contract whose signing is still out ends the request: its link dies, the trail says why", async () => {
    n += 1;
    const email = `after${n}@example.com`;
    const { contract, fileId } = await api.signableContract(caseId, 1);
    const sent = await api.send(
      contract.id,
      fileId,
      sealId,
      {
        fields: [
          { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
          { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
        ],
      },
      email,
    );
    const requestId = sent.json().data.id as string;
    const token = await api.lastLink(email);
    expect((await api.pub("GET", `/api/public/esign/${token}`)).statusCode).toBe(200);
    const cert = await api.files("lawyer", ["解除证明.pdf"]);
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/void`, {
      reason: "客户撤回委托",
      certificateIds: cert,
      version: await contractVersion(contract.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.approve(res.json().data.instanceId);
    expect((await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data).toMatchObject({
      status: "voided",
      signingStatus: "cancelled",
    });
    expect(await requestRow(requestId)).toMatchObject({
      status: "cancelled",
      endReason: "客户撤回委托",
    });
    expect((await api.pub("GET", `/api/public/esign/${token}`)).statusCode).toBe(404);
    const current = await detail(requestId);
    expect(current.trail.slice(-2).map((e: { action: string }) => e.action)).toEqual([
      "cancelled",
      "voided",
    ]);
    expect(current.chainValid).toBe(true);
  });

  it("Documents re-checks the sealed file's hash on every download (the file, a range, the folder's zip): a changed body is refused with 409", async () => {
    const { sealedFileId, sealed, requestId } = await completed();
    const content = `/api/documents/files/${sealedFileId}/content`;
    const ok = await api.get("lawyer", content);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(sealed)).toBe(true);
    // The case folder's zip holds the caller's own files: the sealed file is the lawyer's here, as
    // when the lawyer is the firm's signer (the fixture's signer, finance, has no Documents rights).
    await t.database.db
      .update(files)
      .set({ createdBy: await api.userId("lawyer") })
      .where(eq(files.id, sealedFileId));
    const [row] = await t.database.db.select().from(files).where(eq(files.id, sealedFileId));
    const zip = `/api/documents/folders/${row.folderId}/zip`;
    const zipped = await api.get("lawyer", zip);
    expect(zipped.statusCode, zipped.body.slice(0, 200)).toBe(200);
    expect(zipped.rawPayload.includes(sealed.subarray(0, 4096))).toBe(true);
    // Someone edits the stored body on disk (one byte flipped).
    const [version] = await t.database.db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.fileId, sealedFileId));
    const key = version.storageKey;
    const file = path.join(
      t.app.config.dataDir,
      "files",
      "blobs",
      key.slice(0, 2),
      key.slice(2, 4),
      key,
    );
    const bad = Buffer.from(sealed);
    bad[Math.floor(bad.length / 2)] ^= 0x01;
    await chmod(file, 0o644);
    await writeFile(file, bad);
    for (const lang of ["en", "zh-CN"] as const) {
      const refused = await t.app.inject({ url: content, headers: await t.as("lawyer", { lang }) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(
        lang === "en"
          ? "The stored signed document no longer matches its recorded hash; it is not served. Tell your administrator."
          : "存储的已签署文件与记录的哈希不一致，已拒绝提供下载。请联系管理员。",
      );
    }
    // Also with a range, and on the e-signing routes.
    expect(
      (await t.app.inject({ url: content, headers: await t.as("lawyer", { range: "bytes=0-9" }) }))
        .statusCode,
    ).toBe(409);
    expect((await api.get("lawyer", `/api/esign/requests/${requestId}/sealed`)).statusCode).toBe(
      409,
    );
    const refusedZip = await api.get("lawyer", zip);
    expect(refusedZip.statusCode).toBe(409);
    expect(refusedZip.json().code).toBe(409);
    // An ordinary file still downloads.
    const [plain] = await api.files("lawyer", ["普通文件.pdf"]);
    expect((await api.get("lawyer", `/api/documents/files/${plain}/content`)).statusCode).toBe(200);
  });
});
