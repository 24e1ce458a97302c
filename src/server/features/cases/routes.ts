import type { FastifyInstance } from "fastify";

import type { RequestCtx } from "../../lib/request-ctx";
import type { ResourceRegistry } from "../../schema-engine";
import { headerOf } from "../../schema-engine/labels";
import { getInstanceDetail } from "../workflow";
import { submitOnce } from "../workflow";
import { caseApprovals, caseChain } from "./queries";
import { caseFinance, issueBill, voidBill } from "./finance";
import { closeCase, extendCase, terminateCase } from "./lifecycle";
import { type CaseSubmitInput, getSubmission, submitCase } from "./open-case";
import {
  caseSettingsBody,
  chainAnswer,
  extendBody,
  financeAnswer,
  startOptionsAnswer,
  submitBody,
  terminateBody,
  versionBody,
} from "./schemas";
import { type CaseSettings, readCaseSettings, saveCaseSettings } from "./settings";
import { caseStartOptions } from "./start-options";
import { casesResource } from "./resource";
import { caseTimeline } from "./timeline";

const SUBJECT = "LAWFIRM_CASE_VIEW" as const;

type Id = { Params: { id: string } };

/** Registered by the cases plugin under /api, beside the generic /api/cases… routes. */
export async function casesRoutes(app: FastifyInstance, opts: { registry: ResourceRegistry }) {
  const onCase = (action: "read" | "update") => ({
    permission: [action, SUBJECT] as [typeof action, typeof SUBJECT],
    tenantTable: "cases",
  });
  const onBill = {
    permission: ["update", SUBJECT] as ["update", typeof SUBJECT],
    tenantTable: "case_bills",
  };

  app.post<{ Body: CaseSubmitInput }>(
    "/case-submissions",
    { schema: { body: submitBody }, config: { permission: ["create", SUBJECT] } },
    (req) => submitOnce(req, (ctx) => submitCase(ctx, opts.registry, req.body)),
  );
  // Whoever may open the approval may read what it proposes.
  app.get<Id>(
    "/case-submissions/:id",
    { config: { permission: "member", tenantTable: "workflow_instances" } },
    async (req) => {
      await getInstanceDetail(req.ctx, req.params.id);
      return getSubmission(req.ctx, req.params.id);
    },
  );
  app.get<Id>(
    "/cases/:id/finance",
    { schema: { response: financeAnswer }, config: onCase("read") },
    (req) => caseFinance(req.ctx, req.params.id),
  );
  app.get<Id>(
    "/cases/:id/chain",
    { schema: { response: chainAnswer }, config: onCase("read") },
    (req) => caseChain(req.ctx, req.params.id),
  );
  // The timeline names only the schema's fields, by their labels in the reader's language.
  const labelled = (ctx: RequestCtx) =>
    new Map(
      casesResource(opts.registry)
        .fields.filter((f) => f.label || f.schema.title)
        .map((f) => [f.key, headerOf(ctx, f)]),
    );
  app.get<Id>("/cases/:id/history", { config: onCase("read") }, (req) =>
    caseTimeline(req.ctx, req.params.id, labelled(req.ctx)),
  );
  app.get<Id>("/cases/:id/approvals", { config: onCase("read") }, (req) =>
    caseApprovals(req.ctx, req.params.id),
  );
  app.post<Id & { Body: { days: number; version: number } }>(
    "/cases/:id/extend",
    { schema: { body: extendBody }, config: onCase("update") },
    (req) => extendCase(req.ctx, req.params.id, req.body),
  );
  app.post<Id & { Body: { reason: string; version: number } }>(
    "/cases/:id/terminate",
    { schema: { body: terminateBody }, config: onCase("update") },
    (req) => terminateCase(req.ctx, req.params.id, req.body),
  );
  // Lawyers close a case through its checklist and closing approval (features/closing); closing
  // directly is an administrator's correction (a case closed on paper before the system).
  app.post<Id & { Body: { version: number } }>(
    "/cases/:id/close",
    {
      schema: { body: versionBody },
      config: {
        permission: ["manage", SUBJECT] as ["manage", typeof SUBJECT],
        tenantTable: "cases",
      },
    },
    (req) => closeCase(req.ctx, req.params.id, req.body, app.closingSteps),
  );
  app.post<Id & { Body: { version: number } }>(
    "/case-bills/:id/issue",
    { schema: { body: versionBody }, config: onBill },
    (req) => issueBill(req.ctx, req.params.id, req.body.version),
  );
  app.post<Id & { Body: { version: number } }>(
    "/case-bills/:id/void",
    { schema: { body: versionBody }, config: onBill },
    (req) => voidBill(req.ctx, req.params.id, req.body.version),
  );
  // The start screen's case types × filing types, each filing type with the flow it starts.
  app.get(
    "/case-start-options",
    { schema: { response: startOptionsAnswer }, config: { permission: ["create", SUBJECT] } },
    (req) => caseStartOptions(req.ctx),
  );
  app.get("/case-settings", { config: { permission: "member" } }, (req) =>
    readCaseSettings(req.ctx),
  );
  app.put<{ Body: CaseSettings }>(
    "/case-settings",
    { schema: { body: caseSettingsBody }, config: { permission: ["update", "ORG_DICTIONARY"] } },
    (req) => saveCaseSettings(req.ctx, req.body),
  );
}
