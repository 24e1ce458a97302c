import { translatorFor } from "../../../lib/i18n";
import { intakeStats } from "../../intake";
import { dictionaryNames } from "../dictionary-names";
import { type DrillFilter, type Drills, drillTo, isEmpty, lastInstant } from "../drill";
import type { ReportDefinition } from "../registry";

/**
 * Intake's own statistics (leads per source, converted, rate), through its face: they follow the
 * leads' row scope of the viewer, so the report offers them at every scope alike. A source's
 * lead count opens the lead list behind it (the list applies the same row scope).
 */
/** The row of leads with no source (no dictionary code has a colon). */
const NONE = ":none";

export const intakeReport: ReportDefinition = {
  key: "intake",
  requires: ["read", "LAWFIRM_LEAD_VIEW"],
  columns: [
    { key: "source", label: "reports.columns.source", kind: "text" },
    { key: "leads", label: "reports.columns.leads", kind: "count" },
    { key: "converted", label: "reports.columns.converted", kind: "count" },
    { key: "conversionRate", label: "reports.columns.conversionRate", kind: "percent" },
  ],
  chart: { type: "bar", category: "source", series: ["leads", "converted"] },
  run: async (ctx, f) => {
    const [rows, name] = await Promise.all([
      intakeStats(ctx, { from: f.from, to: f.to }),
      dictionaryNames(ctx, "lead-sources"),
    ]);
    // A source's leads open the lead list with that source (or none) and the period's days,
    // inclusive; its converted count those of them that became a case.
    const t = translatorFor(ctx.lang);
    const drill: Drills = {};
    for (const r of rows) {
      const leadsOf: DrillFilter[] = [
        r.source ? { field: "source", operator: "eq", value: r.source } : isEmpty("source"),
        { field: "createdAt", operator: "gte", value: f.fromAt.toISOString() },
        { field: "createdAt", operator: "lte", value: lastInstant(f.untilAt) },
      ];
      drill[r.source ?? NONE] = {
        leads: drillTo("/intake", "leads", leadsOf),
        converted: drillTo("/intake", "leads", [
          ...leadsOf,
          { field: "caseId_null", operator: "eq", value: "false" },
        ]),
      };
    }
    return {
      rows: rows.map((r) => ({
        ...r,
        id: r.source ?? NONE,
        source: r.source ? (name.get(r.source) ?? r.source) : t("reports.noSource"),
      })),
      drill,
    };
  },
};
