import { eq, sql } from "drizzle-orm";

import type { FeeSettingsView } from "../../../shared/contracts/fees";
import {
  FEE_ERRORS,
  type FeeError,
  type FeeRule,
  formatPercentBp,
  type ManagementFeeBase,
  parsePercent,
  validateFeeRules,
} from "../../../shared/fees";
import { workspaces } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { failFeeErrors } from "./fee-errors";
import { saveSettingsSection } from "../../lib/workspace-settings";

/**
 * The firm's fee-sharing settings, kept in workspaces.settings -> 'fees'. A firm that never saved
 * them gets the defaults most Chinese firms start from: a 10% management fee taken after the
 * invoice tax, the originator's 35% when not working on the case, and repeat business from the
 * same client within two years taking 10 points off the originator per repeat, down to 15%.
 */
export const DEFAULT_FEE_SETTINGS: FeeSettingsView = {
  managementFeePercent: "10.00",
  deductInvoiceTax: true,
  managementFeeBase: "afterTax",
  rules: [
    { kind: "originatorShare", when: "notWorking", percent: "35.00" },
    { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10.00", floor: "15.00" },
  ],
};

export const MANAGEMENT_FEE_BASES: readonly ManagementFeeBase[] = ["afterTax", "payment"];

/** Percentages in one form ("35" → "35.00"), so stored rules compare and display alike. */
const normalRules = (rules: FeeRule[]): FeeRule[] =>
  rules.map((rule) =>
    rule.kind === "originatorShare"
      ? { kind: rule.kind, when: rule.when, percent: formatPercentBp(parsePercent(rule.percent)!) }
      : {
          kind: rule.kind,
          withinYears: rule.withinYears,
          pointsPerRepeat: formatPercentBp(parsePercent(rule.pointsPerRepeat)!),
          floor: formatPercentBp(parsePercent(rule.floor)!),
        },
  );

/**
 * What is stored, each part checked before it is trusted: a part that is missing or no longer
 * valid (a hand edit, an older shape) falls back to its default instead of breaking every split.
 */
const fromStored = (stored: Record<string, unknown> | null): FeeSettingsView => {
  const s = stored ?? {};
  const percent = parsePercent(s.managementFeePercent);
  return {
    managementFeePercent:
      percent === null ? DEFAULT_FEE_SETTINGS.managementFeePercent : formatPercentBp(percent),
    deductInvoiceTax:
      typeof s.deductInvoiceTax === "boolean"
        ? s.deductInvoiceTax
        : DEFAULT_FEE_SETTINGS.deductInvoiceTax,
    managementFeeBase: MANAGEMENT_FEE_BASES.includes(s.managementFeeBase as ManagementFeeBase)
      ? (s.managementFeeBase as ManagementFeeBase)
      : DEFAULT_FEE_SETTINGS.managementFeeBase,
    rules:
      s.rules !== undefined && validateFeeRules(s.rules).length === 0
        ? normalRules(s.rules as FeeRule[])
        : DEFAULT_FEE_SETTINGS.rules,
  };
};

/** The firm's settings as the splits and the settings page read them. */
export const readFeeSettings = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
): Promise<FeeSettingsView> => {
  const [row] = await ctx.db
    .select({ fees: sql<Record<string, unknown> | null>`${workspaces.settings} -> 'fees'` })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return fromStored(row?.fees && typeof row.fees === "object" ? row.fees : null);
};

const settingsErrors = (input: FeeSettingsView): FeeError[] => {
  const errors: FeeError[] = [];
  if (parsePercent(input.managementFeePercent) === null)
    errors.push({ code: FEE_ERRORS.percentInvalid, field: "managementFeePercent" });
  if (!MANAGEMENT_FEE_BASES.includes(input.managementFeeBase))
    errors.push({ code: FEE_ERRORS.invalid, field: "managementFeeBase" });
  return [...errors, ...validateFeeRules(input.rules)];
};

/** Saves the settings (LAWFIRM_FEE_SHARE update); later splits use them, posted lines stay. */
export const saveFeeSettings = (ctx: RequestCtx, input: FeeSettingsView) => {
  failFeeErrors(ctx, settingsErrors(input));
  const next: FeeSettingsView = {
    managementFeePercent: formatPercentBp(parsePercent(input.managementFeePercent)!),
    deductInvoiceTax: input.deductInvoiceTax,
    managementFeeBase: input.managementFeeBase,
    rules: normalRules(input.rules),
  };
  return ctx.db.transaction(async (tx) => {
    // The firm's row locked: two saves at once apply one after the other, each audited against
    // what it replaced.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspaceId))
      .for("update");
    const before = await readFeeSettings({ db: tx, workspaceId: ctx.workspaceId });
    await saveSettingsSection(tx, ctx, { key: "fees", value: next, before });
    return next;
  });
};
