import { eq, sql } from "drizzle-orm";

import {
  type FeeShareSettings,
  type ManagementFeeBase,
  parsePercent,
  validateFeeRules,
} from "../../../shared/fees";
import type { Db } from "../../db/client";
import { workspaces } from "../../db/tables";

/**
 * What a firm that never opened Settings → Fee sharing gets: 10.00% management fee taken after
 * the invoice tax, and the two rules the issue names (originator 35% when not working on the
 * case; −10 points per repeat within 2 years, floor 15%).
 */
export const DEFAULT_FEE_SHARE_SETTINGS: FeeShareSettings = {
  managementFeePercent: "10.00",
  deductInvoiceTax: true,
  managementFeeBase: "afterTax",
  rules: [
    { kind: "originatorShare", when: "notWorking", percent: "35.00" },
    { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10.00", floor: "15.00" },
  ],
};

const BASES: readonly ManagementFeeBase[] = ["afterTax", "payment"];

/**
 * The firm's fee-sharing settings (workspaces.settings → 'fees', written by Settings → Fee
 * sharing), read at the moment a payment is split. Each part falls back to its default on its
 * own when missing or malformed, so a hand-edited setting can never stop payments being recorded.
 */
export const readFeeShareSettings = async (ctx: {
  db: Db;
  workspaceId: string;
}): Promise<FeeShareSettings> => {
  const [row] = await ctx.db
    .select({ fees: sql<Record<string, unknown> | null>`${workspaces.settings} -> 'fees'` })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const fees = row?.fees && typeof row.fees === "object" ? row.fees : {};
  const d = DEFAULT_FEE_SHARE_SETTINGS;
  const percent = parsePercent(fees.managementFeePercent);
  return {
    managementFeePercent:
      percent === null ? d.managementFeePercent : String(fees.managementFeePercent),
    deductInvoiceTax:
      typeof fees.deductInvoiceTax === "boolean" ? fees.deductInvoiceTax : d.deductInvoiceTax,
    managementFeeBase: BASES.includes(fees.managementFeeBase as ManagementFeeBase)
      ? (fees.managementFeeBase as ManagementFeeBase)
      : d.managementFeeBase,
    rules:
      fees.rules !== undefined && validateFeeRules(fees.rules).length === 0
        ? (fees.rules as FeeShareSettings["rules"])
        : d.rules,
  };
};
