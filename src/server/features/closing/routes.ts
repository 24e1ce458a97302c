import type { FastifyInstance } from "fastify";

import type { ClosingSubmitInput } from "../../../shared/contracts/closing";
import { getInstanceDetail, submitOnce } from "../workflow";
import { getClosingChecklist } from "./checklist";
import { closingOfApproval } from "./of-approval";
import { submitBody } from "./schemas";
import { submitClosing } from "./submit";

const SUBJECT = "LAWFIRM_CASE_VIEW" as const;

type Id = { Params: { id: string } };

/**
 * Registered by the closing plugin under /api. Reading the checklist needs `read` on the case,
 * submitting a closing `update` (what closing it directly needed), each within the caller's row
 * scope: the auth plugin applies it to the case the `:id` names.
 */
export async function closingRoutes(app: FastifyInstance) {
  const onCase = (action: "read" | "update") => ({
    permission: [action, SUBJECT] as [typeof action, typeof SUBJECT],
    tenantTable: "cases",
  });

  app.get<Id>("/cases/:id/closing-checklist", { config: onCase("read") }, (req) =>
    getClosingChecklist(req.ctx, req.params.id),
  );
  // Whoever may open the approval may read the closing it decides, with the case's live checklist.
  app.get<Id>(
    "/closing-requests/:id",
    { config: { permission: "member", tenantTable: "workflow_instances" } },
    async (req) => {
      await getInstanceDetail(req.ctx, req.params.id);
      return closingOfApproval(req.ctx, req.params.id);
    },
  );
  app.post<Id & { Body: ClosingSubmitInput }>(
    "/cases/:id/closing-submissions",
    { schema: { body: submitBody }, config: onCase("update") },
    (req) => submitOnce(req, (ctx) => submitClosing(ctx, req.params.id, req.body)),
  );
}
