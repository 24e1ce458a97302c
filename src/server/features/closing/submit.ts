import { and, eq } from "drizzle-orm";

import {
  CLOSING_ITEM_KEYS,
  type ClosingItemKey,
  type ClosingSubmitInput,
  type ClosingSubmitResult,
  closingRef,
} from "../../../shared/contracts/closing";
import { AppError } from "../../../shared/errors";
import { formatCents, parseCents } from "../../../shared/fees";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n-config";
import { renderText, type TextParts } from "../../../shared/workflow/text-parts";
import { caseClosings, cases } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { translatorFor } from "../../lib/i18n";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fieldError } from "../../schema-engine/checks";
import { CASE_STATUS } from "../cases";
import { startApproval } from "../contracts";
import { approvalTitle } from "../workflow";
import { countOpenItems, itemsOf } from "./checklist";

const lockCase = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const refuse = (ctx: RequestCtx, field: string, key: string, params = {}): never => {
  throw new AppError(422, key, { params, fields: [fieldError(field, key, ctx.lang, params)] });
};

/** The summary as stored: text trimmed, the recovered money to the cent (zero or more). */
const checkedSummary = (ctx: RequestCtx, input: ClosingSubmitInput) => {
  const text = input.summary.text.trim();
  if (!text) refuse(ctx, "summary.text", "closing.errors.summaryRequired");
  const raw = input.summary.recoveredAmount?.trim();
  let recoveredAmount: string | null = null;
  if (raw) {
    const cents = parseCents(raw);
    if (cents === null) refuse(ctx, "summary.recoveredAmount", "closing.errors.amountInvalid");
    recoveredAmount = formatCents(cents as bigint);
  }
  return { result: input.summary.result, recoveredAmount, text };
};

/** Explanations of the items still open (one for a resolved item is not kept). */
const checkedExplanations = (
  ctx: RequestCtx,
  input: ClosingSubmitInput,
  counts: Record<ClosingItemKey, number>,
) => {
  const t = translatorFor(ctx.lang);
  const kept: Partial<Record<ClosingItemKey, string>> = {};
  const missing: ClosingItemKey[] = [];
  for (const key of CLOSING_ITEM_KEYS) {
    if (counts[key] === 0) continue;
    const text = input.explanations?.[key]?.trim();
    if (text) kept[key] = text;
    else missing.push(key);
  }
  if (missing.length > 0) {
    const named = (key: ClosingItemKey) => ({
      item: t(`closing.items.${key}`),
      count: counts[key],
    });
    throw new AppError(422, "closing.errors.unexplained", {
      params: named(missing[0]),
      fields: missing.map((key) =>
        fieldError(`explanations.${key}`, "closing.errors.unexplained", ctx.lang, named(key)),
      ),
    });
  }
  return kept;
};

/** "Open tasks (2): waiting for the court's reply" per open item, in every reader's language. */
const openItemsParts = (
  counts: Record<ClosingItemKey, number>,
  explanations: Partial<Record<ClosingItemKey, string>>,
): TextParts => ({
  join: CLOSING_ITEM_KEYS.filter((key) => counts[key] > 0).map((key) => ({
    key: "closing.approval.openLine",
    params: {
      item: { key: `closing.items.${key}` },
      count: String(counts[key]),
      explanation: explanations[key] ?? "",
    },
  })),
  with: "\n",
});

/**
 * Submits a case's closing: the case formal and locked, no closing already under way, the
 * summary checked and every open checklist item explained, then the closing stored as pending
 * and the "case-close" approval started, in one transaction. Accepting the approval closes the
 * case (effects.ts); until then the case stays formal.
 */
export const submitClosing = (
  ctx: RequestCtx,
  caseId: string,
  input: ClosingSubmitInput,
): Promise<ClosingSubmitResult> =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const kase = await lockCase(tctx, caseId);
    if (kase.status !== CASE_STATUS.formal) throw new AppError(409, "closing.errors.notFormal");
    const [running] = await tx
      .select({ id: caseClosings.id })
      .from(caseClosings)
      .where(
        and(
          inWorkspace(ctx, caseClosings, eq(caseClosings.caseId, caseId)),
          eq(caseClosings.status, "pending"),
        ),
      );
    if (running) throw new AppError(409, "closing.errors.pending");
    const summary = checkedSummary(tctx, input);
    const counts = await countOpenItems(tctx, caseId);
    const explanations = checkedExplanations(tctx, input, counts);
    const [row] = await tx
      .insert(caseClosings)
      .values({
        workspaceId: ctx.workspaceId,
        caseId,
        result: summary.result,
        recoveredAmount: summary.recoveredAmount,
        summary: summary.text,
        explanations,
        checklist: itemsOf(counts, explanations),
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    const titled = approvalTitle(ctx, "closing.approval.title", {
      name: kase.name,
      caseNo: kase.caseNo,
    });
    const parts = openItemsParts(counts, explanations);
    const openItems = renderText(parts, translatorFor(ctx.lang), ctx.lang, DEFAULT_LANGUAGE);
    const instanceId = await startApproval(tctx, "case-close", {
      title: titled.title,
      titleI18n: { ...titled.titleI18n, form: { openItems: parts } },
      businessRef: closingRef(row.id),
      form: {
        caseRef: `${kase.caseNo} ${kase.name}`.slice(0, 400),
        result: summary.result,
        recoveredAmount: summary.recoveredAmount,
        summary: summary.text,
        openItems: openItems || null,
      },
    });
    const [after] = await tx
      .update(caseClosings)
      .set({ approvalId: instanceId })
      .where(inWorkspace(ctx, caseClosings, eq(caseClosings.id, row.id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "case_closings",
      entityId: row.id,
      after,
    });
    return { closingId: row.id, instanceId };
  });
