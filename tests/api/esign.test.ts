import { readFile } from "node:fs/promises";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { contracts, esignCertificates, fileLocks, sealUsages } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { upload } from "../fixtures/documents";
import { esignApi, esignSuite, run, SIGNATURE_PNG } from "../fixtures/esign";

/**
 * E-signing end to end, checked by real verifiers: poppler's pdfsig (valid, and trusted once the
 * firm's certificate is in an NSS database), qpdf --check and pdftotext; one flipped byte is
 * reported altered by pdfsig and by our verify.
 */
describe("e-signing: the happy path to a sealed PDF", () => {
  const suite = esignSuite();
  let t: TestApp;
  let api: ReturnType<typeof esignApi>;
  let sealed: Buffer;
  let contractId: string;
  beforeAll(async () => {
    t = suite.t;
    api = esignApi(t);
  });

  it("sends, the counterparty signs with a code, the firm seals, and the result is a signed PDF in the case folder", async () => {
    const caseId = (await api.open("lawyer", { name: "电子签署案件" })).id;
    const { contract, fileId } = await api.signableContract(caseId);
    contractId = contract.id;
    const sealId = await api.electronicSeal("finance");
    const pages = await api.get(
      "lawyer",
      `/api/contracts/${contract.id}/esign/files/${fileId}/pages`,
    );
    expect(pages.json().data).toMatchObject({ pageCount: 3, pages: [{ width: 595.28 }, {}, {}] });
    const png = await api.get(
      "lawyer",
      `/api/contracts/${contract.id}/esign/files/${fileId}/pages/1`,
    );
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");

    const sent = await api.send(contract.id, fileId, sealId);
    expect(sent.statusCode, sent.body).toBe(200);
    const request = sent.json().data;
    expect(request).toMatchObject({
      status: "sent",
      signers: [{ status: "sent" }, { status: "waiting" }],
    });
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row).toMatchObject({ status: "signing", signingStatus: "sent" });

    const token = await api.lastLink("wangli@example.com");
    // Before the code: the page shows what it is, but no page image and no signing.
    const view = (await api.pub("GET", `/api/public/esign/${token}`)).json().data;
    expect(view).toMatchObject({
      contractName: contract.name,
      signerName: "王立",
      channel: "email",
      verified: false,
      turn: true,
      pageCount: 3,
    });
    expect(view.maskedRecipient).toBe("wa***@example.com");
    expect(view.fields).toHaveLength(2);
    expect(JSON.stringify(view)).not.toMatch(/finance|tokenHash|sessionHash/);
    expect((await api.pub("GET", `/api/public/esign/${token}/pages/1`)).statusCode).toBe(401);
    const cookie = await api.verified(token, "wangli@example.com");
    expect(cookie).toMatch(/^lm_esign=/);
    const page = await api.pub("GET", `/api/public/esign/${token}/pages/3`, undefined, cookie);
    expect(page.statusCode).toBe(200);
    const sigField = view.fields.find((f: { kind: string }) => f.kind === "signature");
    const signed = await api.pub(
      "POST",
      `/api/public/esign/${token}/sign`,
      { marks: { [sigField.id]: { png: SIGNATURE_PNG } } },
      cookie,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ signerStatus: "signed", requestStatus: "sent" });

    // The firm's turn: only its signer (the seal's custodian) may sign; the lawyer is refused.
    expect(
      (await api.post("lawyer", `/api/esign/requests/${request.id}/firm-sign`, {})).statusCode,
    ).toBe(403);
    const firm = await api.post("finance", `/api/esign/requests/${request.id}/firm-sign`, {});
    expect(firm.statusCode, firm.body).toBe(200);
    const done = firm.json().data;
    expect(done.status).toBe("completed");
    expect(done.chainValid).toBe(true);
    expect(done.trail.map((e: { action: string }) => e.action)).toEqual([
      "prepared",
      "sent",
      "opened",
      "code-sent",
      "code-verified",
      "signed",
      "sent",
      "signed",
      "completed",
    ]);
    // The firm's signer is asked by the system, not by the counterparty who just signed.
    const firmAsked = done.trail[6] as { action: string; actorName: string; ip: string | null };
    expect(firmAsked).toMatchObject({ action: "sent", actorName: "" });
    expect(firmAsked.ip ?? null).toBeNull();
    const [after] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, contract.id));
    expect(after).toMatchObject({ status: "signed", signingStatus: "signed" });
    const usages = await t.database.db
      .select()
      .from(sealUsages)
      .where(eq(sealUsages.sealId, sealId));
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({
      entity: "contracts",
      entityId: contract.id,
      stampedBy: await api.userId("finance"),
    });

    const dl = await api.get("lawyer", `/api/esign/requests/${request.id}/sealed`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-type"]).toBe("application/pdf");
    sealed = dl.rawPayload;
    // In Documents, in the case's folder, locked: no delete, no new version.
    const file = (await api.get("lawyer", `/api/documents/files/${done.sealedFileId}`)).json().data;
    expect(file.name).toMatch(/\.signed\.pdf$/);
    expect(file.locks.map((l: { entity: string }) => l.entity)).toContain("esign_requests");
    expect((await api.del("admin", `/api/documents/files/${done.sealedFileId}`)).statusCode).toBe(
      409,
    );
    expect(
      (await t.database.db.select().from(fileLocks).where(eq(fileLocks.fileId, fileId))).length,
    ).toBeGreaterThan(0);
    for (const id of [done.sealedFileId, fileId]) {
      const version = await upload(
        t,
        "admin",
        [{ field: "file", filename: "替换.pdf", body: Buffer.from("%PDF-1.4 replaced") }],
        { url: `/api/documents/files/${id}/versions` },
      );
      expect(version.statusCode, version.body).toBe(409);
    }
    // The counterparty downloads it from the completed page.
    const theirs = await api.pub("GET", `/api/public/esign/${token}/sealed`, undefined, cookie);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload.equals(sealed)).toBe(true);
    // The link cannot sign again.
    expect(
      (
        await api.pub(
          "POST",
          `/api/public/esign/${token}/sign`,
          { marks: { [sigField.id]: { png: SIGNATURE_PNG } } },
          cookie,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.pub("POST", `/api/public/esign/${token}/decline`, { reason: "太迟" }, cookie))
        .statusCode,
    ).toBe(404);
    // (A code on it now only opens a download: tests/api/esign-download.test.ts.)
  }, 120_000);

  it("pdfsig reports the signature valid, and trusted with the firm's certificate in an NSS database", async () => {
    const file = await api.tmp("sealed.pdf", sealed);
    const plain = await run("pdfsig", [file]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(plain).toMatch(/Signature Validation: Signature is Valid\./);
    const [cert] = await t.database.db.select().from(esignCertificates);
    const pem = await api.tmp("firm.pem", Buffer.from(cert.certPem));
    const nss = `${pem}.nss`;
    await run("mkdir", ["-p", nss]);
    await run("certutil", ["-N", "-d", `sql:${nss}`, "--empty-password"]);
    await run("certutil", ["-A", "-n", "firm", "-t", "CT,C,C", "-i", pem, "-d", `sql:${nss}`]);
    const trusted = await run("pdfsig", ["-nssdir", `sql:${nss}`, file]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(trusted).toMatch(/Signature Validation: Signature is Valid\./);
    expect(trusted).toMatch(/Certificate Validation: Certificate is Trusted\./);
  });

  it("qpdf --check passes and pdftotext extracts the certificate page in both languages", async () => {
    const file = await api.tmp("sealed.pdf", sealed);
    const check = await run("qpdf", ["--check", file]);
    expect(check.stdout).toMatch(/No syntax or stream encoding errors/);
    const { stdout } = await run("pdftotext", ["-f", "4", "-l", "4", file, "-"]);
    expect(stdout).toContain("电子签署证书");
    expect(stdout).toContain("Certificate of Electronic Signing");
    expect(stdout).toContain("王立");
    // Times are the firm's (Asia/Shanghai by default), labelled with the offset, not the server's UTC.
    expect(stdout).toMatch(/Completed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC\+8\)/);
    expect(stdout).toMatch(/[0-9a-f]{64}/);
    const pages = await run("pdfinfo", [file]);
    expect(pages.stdout).toMatch(/Pages:\s+4/);
  });

  it("our verify accepts the sealed file; one flipped byte is reported altered by pdfsig and by verify", async () => {
    const ok = await api.pub("POST", "/api/public/verify", undefined);
    expect(ok.statusCode).toBeGreaterThanOrEqual(400);
    const good = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      headers: { "content-type": "application/pdf" },
      payload: sealed,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({
      sealed: true,
      signatureValid: true,
      unaltered: true,
      chainValid: true,
      firmName: expect.any(String),
    });
    expect(good.json().data.trail.map((e: { action: string }) => e.action)).toContain("completed");
    const tampered = Buffer.from(sealed);
    const at = Math.floor(tampered.length / 3);
    tampered[at] = tampered[at] ^ 0x01;
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      headers: { "content-type": "application/pdf" },
      payload: tampered,
    });
    expect(bad.json().data).toMatchObject({
      unaltered: false,
      signatureValid: false,
      trail: [],
      contractName: null,
    });
    const file = await api.tmp("tampered.pdf", tampered);
    const out = await run("pdfsig", [file]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(out).not.toMatch(/Signature Validation: Signature is Valid\./);
    // The CLI says the same.
    const cli = await run("npx", ["tsx", "src/server/features/esign/verify-cli.ts", file], {
      env: { ...process.env, VERIFY_OFFLINE: "1" },
    }).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(cli).toMatch(/ALTERED|altered/);
    const cliGood = await run(
      "npx",
      ["tsx", "src/server/features/esign/verify-cli.ts", await api.tmp("good.pdf", sealed)],
      { env: { ...process.env, VERIFY_OFFLINE: "1" } },
    );
    expect(cliGood.stdout).toMatch(/signature valid/i);
    expect(await readFile(file)).toHaveLength(sealed.length);
    void contractId;
  }, 60_000);
});
