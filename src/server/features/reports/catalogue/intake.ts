import { intakeStats } from "../../intake";
import { dictionaryNames } from "../dictionary-names";
import type { ReportDefinition } from "../registry";

/**
 * Intake's own statistics (leads per source, converted, rate), through its face: they follow the
 * leads' row scope of the viewer, so the report offers them at every scope alike.
 */
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
    return {
      rows: rows.map((r) => ({
        ...r,
        id: r.source ?? "none",
        source: r.source ? (name.get(r.source) ?? r.source) : "",
      })),
    };
  },
};
