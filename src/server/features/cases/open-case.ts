import { randomUUID } from "node:crypto";

import dayjs from "dayjs";
import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases, caseSubmissions } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { writeAudit } from "../../lib/audit";
import { readFirmTimeZone } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation } from "../../schema-engine/checks";
import { fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import { assertAttachable, attachReport } from "../conflicts";
import { ensureFolderPath } from "../documents";
import { definitionByKey, enabledDefinitionOfKind, getDefinitionRow } from "../workflow";
import { submitInstance } from "../workflow";
import { approvalTitle } from "../workflow";
import { syncCaseDerived } from "./derived";
import { CASE_SUBMISSION, syncRecordFiles } from "./files";
import { todayOf } from "./lifecycle";
import { nextCaseNumber } from "./numbering";
import { assertPartnerChoice } from "./partner-check";
import { casesResource } from "./resource";
import { filingRuleOf } from "./settings";
import { CASE_REF, CASE_STATUS } from "./status";

export type CaseSubmitInput = {
  definitionId?: string;
  values: Record<string, unknown>;
  parentCaseId?: string;
  deptId?: string;
  comment?: string;
  /** A saved conflict report run for this case before it was submitted; attached when it opens. */
  conflictReportId?: string;
  /** The lead the case is opened from (intake); it is marked won and linked when the case opens. */
  leadId?: string;
};

/** The ref an opening approval carries: "cases:new:<submission id>". */
export const newCaseRef = (submissionId: string) => `${CASE_REF}:new:${submissionId}`;

/** The case flow a filing type starts: the one it names, else the firm's enabled case flow. */
const flowFor = async (ctx: RequestCtx, filingType: unknown) => {
  const rule = typeof filingType === "string" ? await filingRuleOf(ctx, filingType) : undefined;
  return rule?.workflowKey
    ? definitionByKey(ctx, rule.workflowKey)
    : enabledDefinitionOfKind(ctx, "case");
};

/**
 * Starts a case's opening approval: the values are checked against schemas/cases.schema.json now
 * (so the approver sees a valid case), kept in case_submissions, and the approval starts, all in
 * one transaction. Nothing else is written: no case and no number until the approval accepts.
 */
export const submitCase = (ctx: RequestCtx, registry: ResourceRegistry, input: CaseSubmitInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const res = casesResource(registry);
    // Ids first: another firm's flow or case answers 404 before anything else is looked at.
    const named = input.definitionId ? await getDefinitionRow(tctx, input.definitionId) : undefined;
    if (input.parentCaseId) {
      const readable = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
      const [parent] = await tx
        .select({ id: cases.id })
        .from(cases)
        .where(inWorkspace(ctx, cases, eq(cases.id, input.parentCaseId), readable));
      if (!parent) throw new AppError(404, "errors.notFound");
    }
    if (input.conflictReportId) await assertAttachable(tctx, input.conflictReportId);
    if (input.leadId) await ctx.app.caseOrigins.get().assertOpenable(tctx, input.leadId);
    const values = writableValues(res, input.values);
    failValidation(await checkValues(tctx, res, registry, values));
    await assertPartnerChoice(tctx, values.leadPartnerId);
    const flow = await flowFor(tctx, values.filingType);
    const def = named ?? flow;
    if (def.kind !== "case" || def.id !== flow.id)
      throw new AppError(422, "cases.errors.wrongFlow");
    const stored = {
      ...values,
      ...(input.parentCaseId ? { parentCaseId: input.parentCaseId } : {}),
      ...(input.conflictReportId ? { conflictReportId: input.conflictReportId } : {}),
      ...(input.leadId ? { leadId: input.leadId } : {}),
    };
    const [submission] = await tx
      .insert(caseSubmissions)
      .values({ workspaceId: ctx.workspaceId, values: stored, createdBy: ctx.userId })
      .returning();
    // Its files wait locked with it: one deleted before the last accept would doom the approval.
    await syncRecordFiles(
      tctx,
      CASE_SUBMISSION,
      submission.id,
      String(values.name),
      values.attachments,
    );
    const { title, titleI18n } = approvalTitle(ctx, "cases.approval.openTitle", {
      name: String(values.name),
    });
    const answer = await submitInstance(
      tctx,
      {
        definitionId: def.id,
        form: { title },
        title,
        titleI18n,
        businessRef: newCaseRef(submission.id),
        deptId: input.deptId,
        comment: input.comment,
      },
      randomUUID,
    );
    const instanceId = String((answer as { id: unknown }).id);
    await tx
      .update(caseSubmissions)
      .set({ instanceId })
      .where(inWorkspace(ctx, caseSubmissions, eq(caseSubmissions.id, submission.id)));
    return { instanceId, submissionId: submission.id };
  });

/**
 * The opening approval was accepted: the case is made from what was submitted, in the approval's
 * transaction, with its number, its status (pre-filing with its validity, or formal), its
 * documents folder, and its parties and team for search and row scopes.
 */
export const openCase = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  submissionId: string,
  instanceId: string,
) => {
  const [submission] = await ctx.db
    .select()
    .from(caseSubmissions)
    .where(inWorkspace(ctx, caseSubmissions, eq(caseSubmissions.id, submissionId)))
    .for("update");
  if (!submission) throw new AppError(404, "errors.notFound");
  if (submission.caseId) return submission.caseId;
  const res = casesResource(registry);
  const { parentCaseId, conflictReportId, leadId, ...rest } = submission.values;
  const values = writableValues(res, rest);
  // Members may have left or dictionary items been disabled while the approval ran.
  failValidation(await checkValues(ctx, res, registry, values));
  const now = new Date();
  const rule = await filingRuleOf(ctx, String(values.filingType));
  const caseNo = await nextCaseNumber(ctx, String(values.caseType), now);
  const folderId = await ensureFolderPath(ctx, ctx.db, null, [
    translatorFor("zh-CN")("cases.folderRoot"),
    caseNo,
  ]);
  const [row] = await ctx.db
    .insert(cases)
    .values({
      ...(toStorage(res, values) as unknown as typeof cases.$inferInsert),
      workspaceId: ctx.workspaceId,
      caseNo,
      status: rule.isPreFiling ? CASE_STATUS.preFiling : CASE_STATUS.formal,
      validUntil: rule.isPreFiling
        ? dayjs(todayOf(now, await readFirmTimeZone(ctx.db, ctx.workspaceId)))
            .add(rule.validityDays, "day")
            .format("YYYY-MM-DD")
        : null,
      parentCaseId: typeof parentCaseId === "string" ? parentCaseId : null,
      folderId,
      createdBy: submission.createdBy,
      updatedBy: ctx.userId,
    })
    .returning();
  const after = fromStorage(row);
  await syncCaseDerived(ctx, after);
  await ctx.db
    .update(caseSubmissions)
    .set({ caseId: row.id, instanceId })
    .where(and(inWorkspace(ctx, caseSubmissions), eq(caseSubmissions.id, submissionId)));
  if (typeof conflictReportId === "string") await attachReport(ctx, conflictReportId, row.id);
  if (typeof leadId === "string") await ctx.app.caseOrigins.get().onOpened(ctx, leadId, row.id);
  await writeAudit(ctx.db, ctx, { action: "create", entity: "cases", entityId: row.id, after });
  return row.id;
};

/** What an opening approval proposes, for its detail page (the case as the form summary). */
export const getSubmission = async (ctx: RequestCtx, instanceId: string) => {
  const [row] = await ctx.db
    .select()
    .from(caseSubmissions)
    .where(inWorkspace(ctx, caseSubmissions, eq(caseSubmissions.instanceId, instanceId)));
  if (!row) throw new AppError(404, "errors.notFound");
  return {
    id: row.id,
    instanceId: row.instanceId,
    caseId: row.caseId,
    values: row.values,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
};
