import type { FastifyInstance } from "fastify";

import type {
  InvoiceCancelInput,
  InvoiceIssueInput,
  InvoiceMatchInput,
} from "../../../shared/contracts/fees";
import { getInstanceDetail, submitOnce } from "../workflow";
import { issueInvoice, reverseInvoice, voidInvoice } from "./actions";
import { deleteMatch, setMatch } from "./matches";
import { type InvoiceRequestBody, submitInvoiceRequest } from "./request";
import {
  cancelBody,
  invoicingAnswer,
  issueBody,
  matchBody,
  matchesAnswer,
  requestAnswer,
  requestBody,
} from "./schemas";
import { caseInvoicing, invoiceOfApproval, matchesOf } from "./views";

const SUBJECT = "LAWFIRM_INVOICE_VIEW" as const;

type Id = { Params: { id: string } };

/**
 * Registered by the invoices plugin under /api, beside the generic /api/invoices list, detail
 * and export (schemas/invoices.schema.json). Requesting needs `create`; finance's actions
 * (issue, red-reverse, void, matching) need `update`, on an invoice in the caller's row scope.
 */
export async function invoicesRoutes(app: FastifyInstance) {
  const onInvoice = (action: "read" | "update") => ({
    permission: [action, SUBJECT] as [typeof action, typeof SUBJECT],
    tenantTable: "invoices",
  });

  app.post<{ Body: InvoiceRequestBody }>(
    "/invoice-requests",
    {
      schema: { body: requestBody, response: requestAnswer },
      config: { permission: ["create", SUBJECT] },
    },
    (req) => submitOnce(req, (ctx) => submitInvoiceRequest(ctx, req.body)),
  );
  // Whoever may open the approval may read the invoice it decides (approvers hold no invoice rights).
  app.get<Id>(
    "/invoice-requests/:id",
    { config: { permission: "member", tenantTable: "workflow_instances" } },
    async (req) => {
      await getInstanceDetail(req.ctx, req.params.id);
      return invoiceOfApproval(req.ctx, req.params.id);
    },
  );
  app.post<Id & { Body: InvoiceIssueInput }>(
    "/invoices/:id/issue",
    { schema: { body: issueBody }, config: onInvoice("update") },
    (req) => issueInvoice(req.ctx, req.params.id, req.body),
  );
  app.post<Id & { Body: InvoiceCancelInput }>(
    "/invoices/:id/reverse",
    { schema: { body: cancelBody }, config: onInvoice("update") },
    (req) => reverseInvoice(req.ctx, req.params.id, req.body),
  );
  app.post<Id & { Body: InvoiceCancelInput }>(
    "/invoices/:id/void",
    { schema: { body: cancelBody }, config: onInvoice("update") },
    (req) => voidInvoice(req.ctx, req.params.id, req.body),
  );
  app.get<Id>(
    "/invoices/:id/matches",
    { schema: { response: matchesAnswer }, config: onInvoice("read") },
    (req) => matchesOf(req.ctx, req.params.id),
  );
  app.post<Id & { Body: InvoiceMatchInput }>(
    "/invoices/:id/matches",
    { schema: { body: matchBody, response: matchesAnswer }, config: onInvoice("update") },
    (req) => setMatch(req.ctx, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string; paymentId: string } }>(
    "/invoices/:id/matches/:paymentId",
    { schema: { response: matchesAnswer }, config: onInvoice("update") },
    (req) => deleteMatch(req.ctx, req.params.id, req.params.paymentId),
  );
  app.get<Id>(
    "/cases/:id/invoicing",
    {
      schema: { response: invoicingAnswer },
      config: { permission: ["read", SUBJECT], tenantTable: "cases" },
    },
    (req) => caseInvoicing(req.ctx, req.params.id),
  );
}
