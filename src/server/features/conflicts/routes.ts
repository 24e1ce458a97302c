import type { FastifyInstance } from "fastify";

import { contentDisposition } from "../documents";
import { DEFAULT_PDF_FONT, type PdfFont } from "./pdf-font";
import { discardReport } from "./orphans";
import { exportReportPdf } from "./pdf-exports";
import { type SaveInput, DECISIONS, getReportWithLetters, listReports, saveReport } from "./reports";
import { MAX_KEYWORDS, SCOPES, type Scope, runCheck } from "./search";

const SUBJECT = "LAWFIRM_CONFLICT_VIEW" as const;
const uuid = { type: "string", format: "uuid" } as const;
// One more than allowed passes the schema so the service answers SPEC §5's own message.
const keywords = { type: "array", maxItems: MAX_KEYWORDS + 1, items: { type: "string", maxLength: 200 } } as const;
const scopes = { type: "array", maxItems: SCOPES.length, uniqueItems: true, items: { type: "string", enum: [...SCOPES] } } as const;
// Which of the keywords the new-case form entered as an adverse party (each must be one of them).
const adverse = { type: "array", maxItems: MAX_KEYWORDS + 1, items: { type: "string", maxLength: 200 } } as const;
const searchBody = { type: "object", required: ["keywords"], additionalProperties: false, properties: { keywords, scopes, adverse } } as const;
const saveBody = {
  type: "object",
  required: ["keywords"],
  additionalProperties: false,
  properties: {
    keywords,
    scopes,
    adverse,
    caseId: uuid,
    decisions: {
      type: "array",
      maxItems: 2000,
      items: {
        type: "object",
        required: ["key", "decision"],
        additionalProperties: false,
        properties: { key: { type: "string", maxLength: 2000 }, decision: { type: "string", enum: [...DECISIONS] }, remark: { type: "string", maxLength: 1000 }, waiverFileId: uuid },
      },
    },
  },
} as const;
const idParams = { type: "object", required: ["id"], additionalProperties: false, properties: { id: uuid } } as const;
const listQuery = { type: "object", additionalProperties: false, properties: { q: { type: "string", maxLength: 100 }, caseId: uuid } } as const;

/** Registered in app.ts under /api: the check, and its saved reports (append-only evidence). */
export async function conflictsRoutes(app: FastifyInstance, opts: { pdfFont?: PdfFont }) {
  // Reading a report and exporting it are one right: the PDF shows nothing the JSON does not.
  const readOne = { permission: ["read", SUBJECT] as ["read", typeof SUBJECT], tenantTable: "conflict_reports" };
  app.post<{ Body: { keywords: string[]; scopes?: Scope[]; adverse?: string[] } }>(
    "/conflicts/search",
    { schema: { body: searchBody }, config: { permission: ["read", SUBJECT] } },
    (req) => runCheck(req.ctx, req.body.keywords, req.body.scopes, req.body.adverse),
  );
  app.post<{ Body: SaveInput }>("/conflicts/reports", { schema: { body: saveBody }, config: { permission: ["create", SUBJECT] } }, (req) =>
    saveReport(req.ctx, req.body),
  );
  app.get<{ Querystring: { q?: string; caseId?: string } }>(
    "/conflicts/reports",
    { schema: { querystring: listQuery }, config: { permission: ["read", SUBJECT] } },
    (req) => listReports(req.ctx, req.query),
  );
  app.get<{ Params: { id: string } }>(
    "/conflicts/reports/:id",
    { schema: { params: idParams }, config: readOne },
    (req) => getReportWithLetters(req.ctx, req.params.id),
  );
  // Only an orphan, only by its author (orphans.ts); the right is the one that saved it.
  app.delete<{ Params: { id: string } }>(
    "/conflicts/reports/:id",
    { schema: { params: idParams }, config: { permission: ["create", SUBJECT], tenantTable: "conflict_reports" } },
    (req) => discardReport(req.ctx, req.params.id),
  );
  app.get<{ Params: { id: string } }>("/conflicts/reports/:id/pdf", { schema: { params: idParams }, config: readOne }, async (req, reply) => {
    const pdf = await exportReportPdf(req.ctx, req.params.id, opts.pdfFont ?? DEFAULT_PDF_FONT);
    return reply
      .header("content-type", "application/pdf")
      .header("x-content-sha256", pdf.sha256)
      .header("content-disposition", contentDisposition(pdf.name))
      .header("cache-control", "no-store")
      .send(Buffer.from(pdf.bytes));
  });
}
