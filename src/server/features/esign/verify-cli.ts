import { readFile } from "node:fs/promises";

import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { sha256 } from "./secrets";
import { verifyDocument } from "./verify";
import { checkSignature } from "./verify-pdf";

/**
 * `npm run verify -- file.pdf`: checks a sealed contract the way the public verify page does,
 * against this server's database (DATABASE_URL / DATA_DIR as for the app). VERIFY_OFFLINE=1
 * checks only the signature and the bytes it covers, without the database. Exit 0 when valid
 * and unaltered, 1 otherwise.
 */
const main = async () => {
  const file = process.argv.slice(2).find((a) => a !== "--");
  if (!file) {
    console.error("usage: npm run verify -- file.pdf");
    process.exit(2);
  }
  const pdf = await readFile(file);
  const sig = checkSignature(pdf);
  console.log(`file: ${file}`);
  console.log(`sha256: ${sha256(pdf)}`);
  console.log(`signed: ${sig.signed ? "yes" : "no"}`);
  console.log(`certificate: ${sig.subject ?? "-"} (${sig.fingerprint ?? "-"})`);
  console.log(`signed at: ${sig.signedAt?.toISOString() ?? "-"}`);
  const valid = sig.signatureValid && sig.coversWholeFile;
  console.log(valid ? "signature valid, covering every byte" : "ALTERED or not signed: the signature does not verify over this file");
  if (process.env.VERIFY_OFFLINE === "1") process.exit(valid ? 0 : 1);
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const result = await verifyDocument(database.db, pdf);
    console.log(`sealed by: ${result.firmName ?? "not a firm of this server"}`);
    console.log(`unaltered since sealing: ${result.unaltered ? "yes" : "NO"}`);
    if (result.unaltered) {
      console.log(`contract: ${result.contractName} (${result.contractNo}); trail ${result.chainValid ? "intact" : "BROKEN"}`);
      for (const e of result.trail) console.log(`  ${new Date(e.at).toISOString()}  ${e.action}  ${e.actorName}`);
    }
    process.exitCode = result.unaltered ? 0 : 1;
  } finally {
    await database.close();
  }
};

void main();
