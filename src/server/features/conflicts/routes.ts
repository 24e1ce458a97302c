import type { FastifyInstance } from "fastify";

import type { ConflictCheckInput, SaveReportInput } from "../../../shared/contracts/conflicts";
import { contentDisposition } from "../documents";
import type { PdfFont } from "../../lib/pdf-font";
import { discardReport } from "./orphans";
import { exportReportPdf } from "./pdf-exports";
import { getReportWithLetters, listReports, saveReport } from "./reports";
import {
  checkAnswer,
  idParams,
  listQuery,
  reportAnswer,
  reportDetailAnswer,
  reportListAnswer,
  saveBody,
  searchBody,
} from "./schemas";
import { runCheck } from "./search";

const SUBJECT = "LAWFIRM_CONFLICT_VIEW" as const;

/** Registered by the conflicts plugin under /api: the check, and its saved reports (append-only evidence). */
export async function conflictsRoutes(app: FastifyInstance, opts: { pdfFont: PdfFont }) {
  // Reading a report and exporting it are one right: the PDF shows nothing the JSON does not.
  const readOne = {
    permission: ["read", SUBJECT] as ["read", typeof SUBJECT],
    tenantTable: "conflict_reports",
  };
  app.post<{ Body: ConflictCheckInput }>(
    "/conflicts/search",
    {
      schema: { body: searchBody, response: checkAnswer },
      config: { permission: ["read", SUBJECT] },
    },
    (req) => runCheck(req.ctx, req.body.keywords, req.body.scopes, req.body.adverse),
  );
  app.post<{ Body: SaveReportInput }>(
    "/conflicts/reports",
    {
      schema: { body: saveBody, response: reportAnswer },
      config: { permission: ["create", SUBJECT] },
    },
    (req) => saveReport(req.ctx, req.body),
  );
  app.get<{ Querystring: { q?: string; caseId?: string } }>(
    "/conflicts/reports",
    {
      schema: { querystring: listQuery, response: reportListAnswer },
      config: { permission: ["read", SUBJECT] },
    },
    (req) => listReports(req.ctx, req.query),
  );
  app.get<{ Params: { id: string } }>(
    "/conflicts/reports/:id",
    { schema: { params: idParams, response: reportDetailAnswer }, config: readOne },
    (req) => getReportWithLetters(req.ctx, req.params.id),
  );
  // Only an orphan, only by its author (orphans.ts); the right is the one that saved it.
  app.delete<{ Params: { id: string } }>(
    "/conflicts/reports/:id",
    {
      schema: { params: idParams },
      config: { permission: ["create", SUBJECT], tenantTable: "conflict_reports" },
    },
    (req) => discardReport(req.ctx, req.params.id),
  );
  app.get<{ Params: { id: string } }>(
    "/conflicts/reports/:id/pdf",
    { schema: { params: idParams }, config: readOne },
    async (req, reply) => {
      const pdf = await exportReportPdf(req.ctx, req.params.id, opts.pdfFont);
      return reply
        .header("content-type", "application/pdf")
        .header("x-content-sha256", pdf.sha256)
        .header("content-disposition", contentDisposition(pdf.name))
        .header("cache-control", "no-store")
        .send(Buffer.from(pdf.bytes));
    },
  );
}
