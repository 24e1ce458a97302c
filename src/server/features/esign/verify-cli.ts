import { readFile } from "node:fs/promises";

import forge from "node-forge";

import { loadConfig } from "../../lib/config";
import { openDatabase } from "../../db/client";
import { fingerprintOf } from "./certificate";
import { verifyReport } from "./verify-report";

/** The SHA-256 fingerprint of a certificate file, PEM or DER (the settings page downloads the PEM). */
const fingerprintOfFile = async (file: string) => {
  const text = (await readFile(file)).toString("latin1");
  const cert = text.includes("-----BEGIN CERTIFICATE-----")
    ? forge.pki.certificateFromPem(text)
    : forge.pki.certificateFromAsn1(forge.asn1.fromDer(text));
  return fingerprintOf(cert);
};

const argsOf = (argv: string[]) => {
  const args = argv.filter((a) => a !== "--");
  const at = args.indexOf("--cert");
  const cert = at >= 0 ? args[at + 1] : process.env.VERIFY_CERT || undefined;
  const file = args.find((a, i) => !a.startsWith("--") && (at < 0 || i !== at + 1));
  return { file, cert };
};

/**
 * `npm run verify -- file.pdf [--cert firm.pem]`: checks a sealed contract the way the public
 * verify page does, against this server's database (DATABASE_URL / DATA_DIR as for the app).
 * VERIFY_OFFLINE=1 checks only the signature and the bytes it covers, without the database; the
 * firm's published certificate (--cert, or VERIFY_CERT) then pins who signed. Exit 0 when valid
 * and unaltered, 1 otherwise, 2 for a wrong call.
 */
const main = async () => {
  const { file, cert } = argsOf(process.argv.slice(2));
  if (!file) {
    console.error("usage: npm run verify -- file.pdf [--cert firm-certificate.pem]");
    process.exit(2);
  }
  const pdf = await readFile(file);
  const published = cert ? await fingerprintOfFile(cert) : undefined;
  if (process.env.VERIFY_OFFLINE === "1") {
    const { lines, valid } = await verifyReport(pdf, { file, published });
    console.log(lines.join("\n"));
    process.exitCode = valid ? 0 : 1;
    return;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
  });
  try {
    const { lines, valid } = await verifyReport(pdf, { file, published, db: database.db });
    console.log(lines.join("\n"));
    process.exitCode = valid ? 0 : 1;
  } finally {
    await database.close();
  }
};

void main();
