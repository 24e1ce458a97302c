import type { FastifyInstance } from "fastify";

import { contentDisposition } from "../documents";
import { XLSX_MIME } from "../../schema-engine/export";
import { pdfFontOf } from "../../lib/pdf-font";
import { reportWorkbook } from "./export";
import { dashboardPdf } from "./pdf";
import { keyParams, reportQuery } from "./schemas";
import { REPORT_SUBJECT } from "./scope";
import { type ReportQuery, reportCatalogue, runReport } from "./service";

type One = { Params: { key: string }; Querystring: ReportQuery };

/** Registered by the reports plugin under /api; scopes are checked per request (scope.ts). */
export async function reportsRoutes(app: FastifyInstance) {
  const read = { permission: ["read", REPORT_SUBJECT] as ["read", typeof REPORT_SUBJECT] };
  app.get("/reports", { config: read }, (req) => reportCatalogue(req.ctx, app.reports));
  // Static, so it is matched before "/reports/:key" (whose key could never hold a dot anyway).
  app.get<{ Querystring: ReportQuery }>(
    "/reports/export.pdf",
    { schema: { querystring: reportQuery }, config: read },
    async (req, reply) => {
      const { bytes, name } = await dashboardPdf(
        req.ctx,
        app.reports,
        req.query,
        pdfFontOf(app.config),
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(name))
        .header("cache-control", "no-store")
        .send(Buffer.from(bytes));
    },
  );
  app.get<One>(
    "/reports/:key",
    { schema: { params: keyParams, querystring: reportQuery }, config: read },
    (req) => runReport(req.ctx, app.reports, req.params.key, req.query),
  );
  app.get<One>(
    "/reports/:key/export.xlsx",
    { schema: { params: keyParams, querystring: reportQuery }, config: read },
    async (req, reply) => {
      const answer = await runReport(req.ctx, app.reports, req.params.key, req.query);
      const { body, name } = await reportWorkbook(req.ctx, answer);
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", contentDisposition(`${name}.xlsx`))
        .header("cache-control", "no-store")
        .send(body);
    },
  );
}
