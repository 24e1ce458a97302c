import type { FastifyInstance } from "fastify";

import type {
  FeeSettingsView,
  FeeTermsFromContract,
  FeeTermsInput,
} from "../../../shared/contracts/fees";
import { XLSX_MIME } from "../../schema-engine/export";
import { contentDisposition } from "../documents";
import { submitOnce } from "../workflow";
import { saveFeeTerms, getFeeTerms } from "./fee-terms";
import { copyFromContract } from "./from-contract";
import { findReceivables, type ReceivablesQuery } from "./receivables";
import { exportReceivables } from "./receivables-export";
import {
  feeSettingsAnswer,
  feeSettingsBody,
  feeTermsAnswer,
  feeTermsBody,
  feeTermsQuery,
  fromContractBody,
  receivablesAnswer,
  receivablesExportQuery,
  receivablesQuery,
} from "./schemas";
import { readFeeSettings, saveFeeSettings } from "./settings";

type Id = { Params: { id: string } };

/** Registered by the fees plugin under /api. */
export async function feesRoutes(app: FastifyInstance) {
  // A case's terms are the case's: read with it, changed by whoever may change it (row scopes too).
  const onCase = (action: "read" | "update") => ({
    permission: [action, "LAWFIRM_CASE_VIEW"] as [typeof action, "LAWFIRM_CASE_VIEW"],
    tenantTable: "cases",
  });

  app.get<Id & { Querystring: { asOf?: string } }>(
    "/cases/:id/fee-terms",
    { schema: { querystring: feeTermsQuery, response: feeTermsAnswer }, config: onCase("read") },
    (req) => getFeeTerms(req.ctx, req.params.id, req.query.asOf),
  );
  app.put<Id & { Body: FeeTermsInput }>(
    "/cases/:id/fee-terms",
    { schema: { body: feeTermsBody, response: feeTermsAnswer }, config: onCase("update") },
    (req) => saveFeeTerms(req.ctx, req.params.id, req.body),
  );
  // A copy is a submission: a retried click under the same Idempotency-Key gets the first answer.
  app.post<Id & { Body: FeeTermsFromContract }>(
    "/cases/:id/fee-terms/from-contract",
    { schema: { body: fromContractBody, response: feeTermsAnswer }, config: onCase("update") },
    (req) => submitOnce(req, (ctx) => copyFromContract(ctx, req.params.id, req.body)),
  );

  app.get(
    "/fees/settings",
    {
      schema: { response: feeSettingsAnswer },
      config: { permission: ["read", "LAWFIRM_FEE_SHARE"] },
    },
    (req) => readFeeSettings(req.ctx),
  );
  app.put<{ Body: FeeSettingsView }>(
    "/fees/settings",
    {
      schema: { body: feeSettingsBody, response: feeSettingsAnswer },
      config: { permission: ["update", "LAWFIRM_FEE_SHARE"] },
    },
    (req) => saveFeeSettings(req.ctx, req.body),
  );

  app.get<{ Querystring: ReceivablesQuery }>(
    "/fees/receivables",
    {
      schema: { querystring: receivablesQuery, response: receivablesAnswer },
      config: { permission: ["read", "LAWFIRM_RECEIVABLE_VIEW"] },
    },
    async (req, reply) => {
      const { total, ...report } = await findReceivables(req.ctx, req.query);
      reply.header("x-total-count", total);
      return report;
    },
  );
  app.get<{ Querystring: ReceivablesQuery }>(
    "/fees/receivables/export.xlsx",
    {
      schema: { querystring: receivablesExportQuery },
      config: { permission: ["export", "LAWFIRM_RECEIVABLE_VIEW"] },
    },
    async (req, reply) => {
      const { stream, name } = await exportReceivables(
        req.ctx,
        req.query,
        app.config.exportMaxRows,
      );
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", contentDisposition(`${name}.xlsx`))
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
}
