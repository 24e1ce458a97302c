import { and, eq, sql } from "drizzle-orm";

import { dictionaryItems, dictionaryTypes, workspaces } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { saveSettingsSection } from "../../lib/workspace-settings";

/** workspaces.settings.cases: how internal case numbers look. */
export type CaseSettings = { numberFormat: string; firmShortName: string };

export const DEFAULT_NUMBER_FORMAT = "（{year}）{firm}{type}字第{seq:4}号";

/** The placeholders a number format may use; {seq} or {seq:N} (zero-padded to N) is required. */
const PLACEHOLDER = /\{(year|firm|type|seq(?::[1-9])?)\}/g;

/** The firm's short name for numbers: 明德律师事务所 → 明律 (its first character and 律). */
const defaultShortName = (firmName: string) => `${[...firmName][0] ?? ""}律`;

export const readCaseSettings = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
): Promise<CaseSettings> => {
  const [row] = await ctx.db
    .select({
      name: workspaces.name,
      cases: sql<Partial<CaseSettings> | null>`${workspaces.settings} -> 'cases'`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return {
    numberFormat: row?.cases?.numberFormat ?? DEFAULT_NUMBER_FORMAT,
    firmShortName: row?.cases?.firmShortName ?? defaultShortName(row?.name ?? ""),
  };
};

export const saveCaseSettings = (ctx: RequestCtx, input: CaseSettings) =>
  ctx.db.transaction(async (tx) => {
    const placeholders = [...input.numberFormat.matchAll(PLACEHOLDER)].map((m) => m[1]);
    // Without a sequence two cases would share a number; stray braces are a typo, not a literal.
    if (
      !placeholders.some((p) => p.startsWith("seq")) ||
      input.numberFormat.replace(PLACEHOLDER, "").match(/[{}]/)
    ) {
      failValidation([fieldError("numberFormat", "cases.settings.badFormat", ctx.lang)]);
    }
    const before = await readCaseSettings({ db: tx, workspaceId: ctx.workspaceId });
    await saveSettingsSection(tx, ctx, { key: "cases", value: input, before });
    return input;
  });

/** One dictionary item's attributes (a filing type's workflow and validity, a case type's character). */
export const itemAttributes = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  dictionary: string,
  code: string,
) => {
  const [row] = await ctx.db
    .select({ attributes: dictionaryItems.attributes, labelZh: dictionaryItems.labelZh })
    .from(dictionaryItems)
    .innerJoin(
      dictionaryTypes,
      and(
        eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
        eq(dictionaryTypes.id, dictionaryItems.typeId),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        dictionaryItems,
        eq(dictionaryTypes.code, dictionary),
        eq(dictionaryItems.code, code),
      ),
    );
  return row;
};

/** A filing type as opening a case needs it. */
export type FilingRule = { isPreFiling: boolean; validityDays: number; workflowKey?: string };

export const filingRuleOf = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  filingType: string,
): Promise<FilingRule> => {
  const attrs = (await itemAttributes(ctx, "filing-type", filingType))?.attributes ?? {};
  const days = Number(attrs.validityDays);
  return {
    isPreFiling: attrs.isPreFiling === true,
    validityDays: Number.isInteger(days) && days > 0 ? days : 30,
    workflowKey:
      typeof attrs.workflowKey === "string" && attrs.workflowKey ? attrs.workflowKey : undefined,
  };
};

/** The character a case type puts in the number (民, 刑…); its label's first character by default. */
export const typeCharOf = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, caseType: string) => {
  const row = await itemAttributes(ctx, "case-type", caseType);
  const char = row?.attributes?.numberChar;
  return typeof char === "string" && char ? char : ([...(row?.labelZh ?? "")][0] ?? "");
};
