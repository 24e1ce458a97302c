import type { Db } from "../../db/client";
import { sha256 } from "./secrets";
import { verifyDocument } from "./verify";
import { checkSignature } from "./verify-pdf";

const VALID = "signature valid, covering every byte";

/**
 * What `npm run verify` prints for a PDF, and whether it passes: every check first, then the one
 * verdict line, so "valid" never stands above a failing check. Without `db` (VERIFY_OFFLINE) only
 * the signature and the bytes it covers are checked; `published` (the firm's certificate's
 * SHA-256) pins who signed.
 */
export const verifyReport = async (
  pdf: Buffer,
  opts: { file: string; published?: string; db?: Db },
) => {
  const sig = checkSignature(pdf, opts.published);
  const lines = [
    `file: ${opts.file}`,
    `sha256: ${sha256(pdf)}`,
    `signed: ${sig.signed ? "yes" : "no"}`,
    `certificate: ${sig.subject ?? "-"}`,
    `certificate SHA-256: ${sig.fingerprint ?? "-"}`,
    `published certificate: ${sig.matchesPublished === null ? "not given (--cert firm.pem pins the signer)" : sig.matchesPublished ? "matches" : "DOES NOT MATCH"}`,
    `signed at: ${sig.signedAt?.toISOString() ?? "-"}`,
  ];
  let valid = sig.signatureValid && sig.coversWholeFile;
  let problem = sig.problem;
  if (opts.db) {
    const result = await verifyDocument(opts.db, pdf);
    lines.push(
      `sealed by: ${result.firmName ?? "not a firm of this server"}`,
      `unaltered since sealing: ${result.unaltered ? "yes" : "NO"}`,
    );
    if (result.unaltered) {
      lines.push(
        `contract: ${result.contractName} (${result.contractNo}); trail ${result.chainValid ? "intact" : "BROKEN"}`,
      );
      for (const e of result.trail)
        lines.push(`  ${new Date(e.at).toISOString()}  ${e.action}  ${e.actorName}`);
    }
    if (valid && !result.unaltered) problem = "these bytes are not the ones this server sealed";
    else if (valid && !result.chainValid) problem = "the signing trail is broken";
    valid = valid && result.unaltered && Boolean(result.chainValid);
  }
  lines.push(
    valid
      ? VALID
      : `ALTERED or not signed: ${problem ?? "the signature does not verify over this file"}`,
  );
  return { lines, valid };
};
