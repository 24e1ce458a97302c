import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import forge from "node-forge";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";

import { fingerprintOf, generateP12 } from "../../src/server/features/esign/certificate";
import { signDocument } from "../../src/server/features/esign/sign-pdf";
import { verifyReport } from "../../src/server/features/esign/verify-report";

const run = promisify(execFile);
const VALID = /signature valid/;

/** A one-page document sealed with a fresh certificate of 明德律师事务所, and where its /Contents lies. */
const sealed = async () => {
  const made = generateP12("明德律师事务所");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText("Engagement agreement", { x: 60, y: 760, size: 14, font });
  const pdf = await signDocument(doc, made, { reason: "sealed", signingTime: new Date() });
  const m = /\/ByteRange \[\s*(\d+) +(\d+) +(\d+) +(\d+)/.exec(pdf.toString("latin1"));
  const [start, len1, off2, len2] = m!.slice(1, 5).map(Number);
  return { made, pdf, contents: [start + len1, off2] as const, end: off2 + len2 };
};

/**
 * Offline verification (`VERIFY_OFFLINE=1 npm run verify`) rejects any change to the file: a byte
 * changed anywhere in /Contents (the CMS, its certificate, the zero padding, the brackets) or in
 * the signed ranges, with the verdict "ALTERED" as the last line and never a "valid" line.
 */
describe("verifyReport offline", () => {
  let s: Awaited<ReturnType<typeof sealed>>;
  let fingerprint: string;
  beforeAll(async () => {
    s = await sealed();
    fingerprint = fingerprintOf(s.made.cert);
  });

  /** The positions whose change the report still calls valid (none may be). */
  const passing = async (positions: Iterable<number>, mask: number) => {
    const found: number[] = [];
    for (const at of positions) {
      const bad = Buffer.from(s.pdf);
      bad[at] ^= mask;
      const { lines, valid } = await verifyReport(bad, { file: "x.pdf" });
      if (valid || lines.some((l) => VALID.test(l)) || !/^ALTERED/.test(lines[lines.length - 1]))
        found.push(at);
    }
    return found;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

  it("passes the sealed file, naming the certificate's fingerprint, with the verdict last", async () => {
    const { lines, valid } = await verifyReport(s.pdf, { file: "x.pdf" });
    expect(valid).toBe(true);
    expect(lines).toContain(`certificate SHA-256: ${fingerprint}`);
    expect(lines[lines.length - 1]).toBe("signature valid, covering every byte");
    expect(lines.filter((l) => VALID.test(l))).toHaveLength(1);
  });

  it("rejects a change at every byte of /Contents, two ways (a low bit, and the hex letters' case)", async () => {
    const [from, to] = s.contents;
    expect(to - from).toBeGreaterThan(16_000);
    expect(await passing(range(from, to), 0x01)).toEqual([]);
    expect(await passing(range(from, to), 0x20)).toEqual([]);
  }, 120_000);

  it("rejects a change at every byte of the signed ranges", async () => {
    const [from, to] = s.contents;
    expect(await passing([...range(0, from), ...range(to, s.end)], 0x01)).toEqual([]);
  }, 120_000);

  it("checks the signer against the firm's published certificate when given", async () => {
    const matching = await verifyReport(s.pdf, {
      file: "x.pdf",
      published: fingerprint.toUpperCase(),
    });
    expect(matching.valid).toBe(true);
    expect(matching.lines).toContain("published certificate: matches");
    const other = fingerprintOf(generateP12("明德律师事务所").cert);
    const wrong = await verifyReport(s.pdf, { file: "x.pdf", published: other });
    expect(wrong.valid).toBe(false);
    expect(wrong.lines).toContain("published certificate: DOES NOT MATCH");
    expect(wrong.lines.some((l) => VALID.test(l))).toBe(false);
  });

  it("names the firm in Chinese (UTF8String) with its romanised name, as openssl and pdfsig read it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lm-verify-offline-"));
    await writeFile(path.join(dir, "firm.pem"), forge.pki.certificateToPem(s.made.cert));
    await writeFile(path.join(dir, "sealed.pdf"), s.pdf);
    const subject = (
      await run("openssl", [
        "x509",
        "-in",
        path.join(dir, "firm.pem"),
        "-noout",
        "-subject",
        "-nameopt",
        "utf8",
      ])
    ).stdout;
    expect(subject.trim()).toBe(
      "subject=CN=明德律师事务所, O=Ming De Lv Shi Shi Wu Suo, OU=law-manage e-signing, C=CN",
    );
    const asn1 = (
      await run("openssl", [
        "x509",
        "-in",
        path.join(dir, "firm.pem"),
        "-noout",
        "-subject",
        "-nameopt",
        "show_type,sep_comma_plus",
      ])
    ).stdout;
    expect(asn1).toContain("CN=UTF8STRING:");
    const pdfsig = await run("pdfsig", [path.join(dir, "sealed.pdf")]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(pdfsig).toContain("Signer Certificate Common Name: 明德律师事务所");
    expect(pdfsig).toContain("Signature is Valid.");
  });

  it("the command exits 1 with no valid line for a changed byte (padding, certificate, signed range), 0 for the sealed file", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lm-verify-offline-cli-"));
    const cli = async (bytes: Buffer, extra: string[] = []) => {
      const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}.pdf`);
      await writeFile(file, bytes);
      return run("npx", ["tsx", "src/server/features/esign/verify-cli.ts", file, ...extra], {
        env: { ...process.env, VERIFY_OFFLINE: "1" },
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    };
    const pem = path.join(dir, "firm.pem");
    await writeFile(pem, forge.pki.certificateToPem(s.made.cert));
    const good = await cli(s.pdf, ["--cert", pem]);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain(`certificate SHA-256: ${fingerprint}`);
    expect(good.out).toContain("published certificate: matches");
    expect(good.out.trim().split("\n").pop()).toBe("signature valid, covering every byte");
    const [from, to] = s.contents;
    const certAt = s.pdf.indexOf(Buffer.from("law-manage e-signing").toString("hex"), from) + 4;
    expect(certAt).toBeGreaterThan(from + 4);
    for (const at of [to - 10, certAt, 40]) {
      const bad = Buffer.from(s.pdf);
      bad[at] ^= 0x01;
      const out = await cli(bad);
      expect(out.code, `${at}: ${out.out}`).toBe(1);
      expect(out.out).not.toMatch(VALID);
      expect(out.out.trim().split("\n").pop()).toMatch(/^ALTERED or not signed: /);
    }
  }, 120_000);
});
