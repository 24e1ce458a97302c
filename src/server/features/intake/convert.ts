import { LEAD_STAGE, type LeadConversion } from "../../../shared/contracts/intake";
import { AppError } from "../../../shared/errors";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { createRecord } from "../../schema-engine/service";
import type { CaseOrigin } from "../cases";
import { changeLead, type LeadRow, lockLead, lockLeadUnscoped } from "./leads";

const LEAD_FIELD_OF: Record<string, string> = {
  accountType: "prospectType",
  name: "prospectName",
  creditCode: "prospectIdNumber",
  idNumber: "prospectIdNumber",
};

/** The client a lead's prospect becomes: its name, type and the identifier its type carries. */
const createClient = async (ctx: RequestCtx, registry: ResourceRegistry, lead: LeadRow) => {
  // Making a client is the clients screen's right: a lead does not lend it.
  if (!ctx.ability.can("create", "LAWFIRM_CUSTOMER_VIEW"))
    throw new AppError(403, "errors.forbidden");
  if (!lead.prospectType)
    failValidation([fieldError("prospectType", "errors.intake.prospectTypeRequired", ctx.lang)]);
  const accountsResource = registry.get("accounts");
  if (!accountsResource) throw new Error("The accounts schema is not loaded");
  const isOrganization = lead.prospectType === "organization";
  const id = lead.prospectIdNumber || undefined;
  const account = await createRecord(ctx, accountsResource, registry, {
    accountType: lead.prospectType,
    name: lead.prospectName,
    ...(isOrganization ? { creditCode: id } : { idNumber: id }),
  }).catch((error: unknown) => {
    // The client's refusals name the lead's fields, which are the ones the user can correct.
    if (!(error instanceof AppError) || !error.fields) throw error;
    throw new AppError(error.status, "errors.validation", {
      fields: error.fields.map((f) => ({ ...f, field: LEAD_FIELD_OF[f.field] ?? f.field })),
    });
  });
  return String(account.id);
};

/**
 * Converts a lead: in one transaction, the client is made from the prospect when the lead names
 * none (and the lead remembers it), and the answer is what the case submission form opens with.
 * The case itself is opened by its approval; the lead is linked and won then (leadOrigin).
 */
export const convertLead = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  id: string,
): Promise<LeadConversion> =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const lead = await lockLead(tctx, id);
    if (lead.caseId) throw new AppError(409, "errors.intake.leadConverted");
    if (lead.stage === LEAD_STAGE.lost) throw new AppError(409, "errors.intake.leadLost");
    const isAccountCreated = !lead.accountId;
    const accountId = lead.accountId ?? (await createClient(tctx, registry, lead));
    if (isAccountCreated) await changeLead(tctx, lead, { accountId });
    return {
      leadId: lead.id,
      accountId,
      name: lead.title,
      caseType: lead.caseType,
      parties: lead.parties,
      conflictReportId: lead.conflictReportId,
      originatorId: lead.originatorId,
      feeAllocation: { originatorId: lead.originatorId, lines: [] },
      isAccountCreated,
    };
  });

/**
 * What cases asks of a lead a case submission names: it must be the firm's and still open, and
 * when the case opens (in the approval's transaction) the lead is won and points at the case.
 */
export const leadOrigin: CaseOrigin = {
  assertOpenable: async (ctx, id) => {
    const lead = await lockLead(ctx, id, "read");
    if (lead.caseId) throw new AppError(409, "errors.intake.leadConverted");
    if (lead.stage === LEAD_STAGE.lost) throw new AppError(409, "errors.intake.leadLost");
  },
  onOpened: async (ctx, id, caseId) => {
    // The approver need not see the lead: the submission was checked when it was made.
    const lead = await lockLeadUnscoped(ctx, id);
    if (!lead || lead.caseId) return;
    await changeLead(ctx, lead, { caseId, stage: LEAD_STAGE.won, convertedAt: new Date() });
  },
};
