import type { FastifyInstance } from "fastify";

import type { FeeAllocationInput } from "../../../shared/contracts/fees";
import type { PdfFont } from "../../lib/pdf-font";
import type { ResourceRegistry } from "../../schema-engine";
import { contentDisposition } from "../documents";
import { submitOnce } from "../workflow";
import { getFeeAllocation, putFeeAllocation } from "./allocation";
import { statementPdf } from "./pdf";
import { closePeriod, listPeriods } from "./periods";
import {
  allocationAnswer,
  allocationBody,
  allocationResultAnswer,
  closeAnswer,
  closeBody,
  idParams,
  memberParams,
  memberStatementAnswer,
  periodQuery,
  periodsAnswer,
  statementsAnswer,
} from "./schemas";
import { assertMayView, memberStatement, periodOrCurrent, periodStatements } from "./statements";
import { statementsXlsx } from "./xlsx";

const SUBJECT = "LAWFIRM_FEE_SHARE" as const;
const CASE = "LAWFIRM_CASE_VIEW" as const;
const PDF_MIME = "application/pdf";
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type PeriodQ = { Querystring: { period?: string } };
type MemberQ = PeriodQ & { Params: { memberId: string } };

export type FeeSharingRouteOptions = {
  registry: ResourceRegistry;
  pdfFont: PdfFont;
  exportMaxRows: number;
};

/** Registered by the fee-sharing plugin under /api. */
export async function feeSharingRoutes(app: FastifyInstance, opts: FeeSharingRouteOptions) {
  // ---- a case's allocation: read with the case, changed as the case is (its approval included)
  app.get<{ Params: { id: string } }>(
    "/cases/:id/fee-allocation",
    {
      schema: { params: idParams, response: allocationAnswer },
      config: { permission: ["read", CASE], tenantTable: "cases" },
    },
    (req) => getFeeAllocation(req.ctx, opts.registry, req.params.id),
  );
  app.put<{ Params: { id: string }; Body: FeeAllocationInput }>(
    "/cases/:id/fee-allocation",
    {
      schema: { params: idParams, body: allocationBody, response: allocationResultAnswer },
      config: { permission: ["update", CASE], tenantTable: "cases" },
    },
    (req) => putFeeAllocation(req.ctx, opts.registry, req.params.id, req.body),
  );

  // ---- months
  app.get(
    "/fees/periods",
    { schema: { response: periodsAnswer }, config: { permission: ["read", SUBJECT] } },
    (req) => listPeriods(req.ctx),
  );
  // A double click (same Idempotency-Key) closes once and both get the first answer.
  app.post<{ Body: { period: string } }>(
    "/fees/periods",
    {
      schema: { body: closeBody, response: closeAnswer },
      config: { permission: ["update", SUBJECT] },
    },
    (req) =>
      submitOnce(req, (ctx) =>
        ctx.db.transaction((tx) => closePeriod({ ...ctx, db: tx }, req.body.period)),
      ),
  );

  // ---- statements
  app.get<PeriodQ>(
    "/fees/statements",
    {
      schema: { querystring: periodQuery, response: statementsAnswer },
      config: { permission: ["read", SUBJECT] },
    },
    async (req) => periodStatements(req.ctx, await periodOrCurrent(req.ctx, req.query.period)),
  );
  app.get<PeriodQ>(
    "/fees/statements/export.xlsx",
    { schema: { querystring: periodQuery }, config: { permission: ["export", SUBJECT] } },
    async (req, reply) => {
      const period = await periodOrCurrent(req.ctx, req.query.period);
      const file = await statementsXlsx(req.ctx, period, opts.exportMaxRows);
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", contentDisposition(file.name))
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
  // Any member may ask; the service answers their own, or anyone's with the fee-sharing right.
  // tenantTable names where a member lives for the isolation test; the id is the user's id.
  const basic = ["basic", "BASIC_PERMISSION"] as ["basic", "BASIC_PERMISSION"];
  app.get<MemberQ>(
    "/fees/statements/:memberId",
    {
      schema: { params: memberParams, querystring: periodQuery, response: memberStatementAnswer },
      config: { permission: basic, tenantTable: "members" },
    },
    async (req) => {
      assertMayView(req.ctx, req.params.memberId, "read");
      const period = await periodOrCurrent(req.ctx, req.query.period);
      return memberStatement(req.ctx, req.params.memberId, period);
    },
  );
  app.get<MemberQ>(
    "/fees/statements/:memberId/statement.pdf",
    {
      schema: { params: memberParams, querystring: periodQuery },
      config: { permission: basic, tenantTable: "members" },
    },
    async (req, reply) => {
      assertMayView(req.ctx, req.params.memberId, "export");
      const period = await periodOrCurrent(req.ctx, req.query.period);
      const statement = await memberStatement(req.ctx, req.params.memberId, period);
      const pdf = await statementPdf(req.ctx, statement, opts.pdfFont);
      return reply
        .header("content-type", PDF_MIME)
        .header("content-disposition", contentDisposition(pdf.name))
        .header("cache-control", "no-store")
        .send(Buffer.from(pdf.bytes));
    },
  );
  app.get<PeriodQ>(
    "/fees/my-earnings",
    {
      schema: { querystring: periodQuery, response: memberStatementAnswer },
      config: { permission: basic },
    },
    async (req) =>
      memberStatement(req.ctx, req.ctx.userId, await periodOrCurrent(req.ctx, req.query.period)),
  );
}
