import { eq } from "drizzle-orm";

import type { ClosingOfApproval } from "../../../shared/contracts/closing";
import { AppError } from "../../../shared/errors";
import { caseClosings } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { closingRecordOf, countOpenItems, itemsOf, readCase } from "./checklist";

/**
 * The closing a "case-close" approval decides, for whoever may open that approval (approvers need
 * no right on the case): the case, the summary, the checklist as the lawyer submitted it, and the
 * checklist as it stands now — so the approver sees what was resolved since, or reopened.
 */
export const closingOfApproval = async (
  ctx: RequestCtx,
  instanceId: string,
): Promise<ClosingOfApproval> => {
  const [row] = await ctx.db
    .select()
    .from(caseClosings)
    .where(inWorkspace(ctx, caseClosings, eq(caseClosings.approvalId, instanceId)));
  if (!row) throw new AppError(404, "errors.notFound");
  const kase = await readCase(ctx, row.caseId);
  const counts = await countOpenItems(ctx, row.caseId);
  return {
    caseId: kase.id,
    caseNo: kase.caseNo,
    caseName: kase.name,
    caseStatus: kase.status,
    closing: closingRecordOf(row),
    submitted: row.checklist,
    items: itemsOf(counts, row.explanations),
  };
};
