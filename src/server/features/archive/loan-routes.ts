import type { FastifyInstance } from "fastify";

import type { LoanRequestInput, LoanStatus } from "../../../shared/contracts/archive-loans";
import { submitOnce } from "../workflow";
import { catalogue } from "./catalogue";
import { listLoans, loanOpens, requestLoan, returnLoan } from "./loans";
import { catalogueQuery, idParams, loanBody, loanListQuery } from "./schemas";

const SUBJECT = "LAWFIRM_ARCHIVE_VIEW" as const;
type Id = { Params: { id: string } };
const read = { permission: ["read", SUBJECT] as ["read", typeof SUBJECT] };

/**
 * Lending (借阅), under /api: anyone with archive rights finds archived volumes in the catalogue
 * and asks to borrow one; the archivist sees every loan, a borrower their own; each may end an
 * active loan. Another firm's id is a 404 like an unknown one (the tenant guard).
 */
export async function loanRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { q?: string; _start?: number; _end?: number } }>(
    "/archive-catalogue",
    { schema: { querystring: catalogueQuery }, config: read },
    async (req, reply) => {
      const { rows, total } = await catalogue(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.post<Id & { Body: LoanRequestInput }>(
    "/archive-volumes/:id/loans",
    {
      schema: { params: idParams, body: loanBody },
      config: { ...read, tenantTable: "archive_volumes" },
    },
    (req) => submitOnce(req, (ctx) => requestLoan(ctx, req.params.id, req.body)),
  );
  app.get<{
    Querystring: { status?: LoanStatus; volumeId?: string; mine?: boolean; overdue?: boolean };
  }>("/archive-loans", { schema: { querystring: loanListQuery }, config: read }, (req) =>
    listLoans(req.ctx, req.query),
  );
  app.post<Id>(
    "/archive-loans/:id/return",
    { schema: { params: idParams }, config: { ...read, tenantTable: "archive_loans" } },
    (req) => returnLoan(req.ctx, req.params.id),
  );
  app.get<Id>(
    "/archive-loans/:id/opens",
    { schema: { params: idParams }, config: { ...read, tenantTable: "archive_loans" } },
    (req) => loanOpens(req.ctx, req.params.id),
  );
}
