import { eq } from "drizzle-orm";

import { LEAD_STAGE } from "../../../shared/contracts/intake";
import { AppError } from "../../../shared/errors";
import { accounts } from "../../db/tables";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertAttachable, saveReport } from "../conflicts";
import { changeLead, type LeadRow, lockLead } from "./leads";

/** Checking conflicts is the conflicts screen's right too: a lead does not lend it. */
const assertMayCheck = (ctx: RequestCtx) => {
  if (!ctx.ability.can("create", "LAWFIRM_CONFLICT_VIEW"))
    throw new AppError(403, "errors.forbidden");
};

/** The client's name: the firm's client the lead names, else the prospect. */
const clientNameOf = async (ctx: RequestCtx, lead: LeadRow) => {
  if (!lead.accountId) return lead.prospectName ?? "";
  const [account] = await ctx.db
    .select({ name: accounts.name })
    .from(accounts)
    .where(inWorkspace(ctx, accounts, eq(accounts.id, lead.accountId)));
  return account?.name ?? "";
};

/** A lead still in consultation moves on to the conflict stage; later stages stay where they are. */
const stageAfterCheck = (lead: LeadRow) =>
  lead.stage === LEAD_STAGE.consult ? LEAD_STAGE.conflict : lead.stage;

/** Nothing is checked or kept for a lead that is already a case or was lost. */
const assertOpen = (lead: LeadRow) => {
  if (lead.caseId) throw new AppError(409, "errors.intake.leadConverted");
  if (lead.stage === LEAD_STAGE.lost) throw new AppError(409, "errors.intake.leadLost");
};

/**
 * Runs the firm's conflict check on the lead's client and parties (its counterparties as adverse)
 * and keeps the saved report on the lead, in one transaction.
 */
export const checkLeadConflicts = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const lead = await lockLead(tctx, id);
    assertOpen(lead);
    assertMayCheck(ctx);
    const names = [await clientNameOf(tctx, lead), ...lead.parties.map((p) => p.name)]
      .map((n) => n.trim())
      .filter(Boolean);
    const keywords = [...new Set(names)];
    if (keywords.length === 0) throw new AppError(422, "errors.intake.nothingToCheck");
    const adverse = [
      ...new Set(
        lead.parties.filter((p) => p.conflictRole === "counterparty").map((p) => p.name.trim()),
      ),
    ].filter((n) => keywords.includes(n));
    const report = await saveReport(tctx, { keywords, adverse });
    const after = await changeLead(tctx, lead, {
      conflictReportId: report.id,
      stage: stageAfterCheck(lead),
    });
    return { lead: after, report };
  });

/** Keeps a report saved on the conflicts screen on the lead: the firm's, and on no case yet. */
export const attachLeadReport = (ctx: RequestCtx, id: string, reportId: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const lead = await lockLead(tctx, id);
    assertOpen(lead);
    await assertAttachable(tctx, reportId);
    return changeLead(tctx, lead, { conflictReportId: reportId, stage: stageAfterCheck(lead) });
  });
