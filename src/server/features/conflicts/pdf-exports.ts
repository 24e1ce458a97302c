import { createHash } from "node:crypto";

import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import type { PdfFont } from "../../lib/pdf-font";
import { reportPdf } from "./pdf";
import { EXPORT_ACTION, EXPORT_ENTITY } from "./pdf-export-log";

/**
 * The PDF of a saved report, its SHA-256 recorded before it is sent: every printout can be
 * matched to the export that made it. Each export differs (pdf-lib stamps the moment it was made),
 * so each one is recorded, with who, when and the language.
 */
export const exportReportPdf = async (ctx: RequestCtx, id: string, font: PdfFont) => {
  const pdf = await reportPdf(ctx, id, font);
  const sha256 = createHash("sha256").update(pdf.bytes).digest("hex");
  await writeAudit(ctx.db, ctx, {
    action: EXPORT_ACTION,
    entity: EXPORT_ENTITY,
    entityId: id,
    after: { sha256, bytes: pdf.bytes.length, lang: ctx.lang },
  });
  return { ...pdf, sha256 };
};
