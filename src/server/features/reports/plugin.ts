import { featurePlugin } from "../../plugins/feature";
import { newCasesReport, openCasesReport } from "./catalogue/cases";
import { intakeReport } from "./catalogue/intake";
import { ageingReport, moneyReport, topClientsReport } from "./catalogue/money";
import { approvalsReport, deadlinesReport, workloadReport } from "./catalogue/people";
import { createReportRegistry } from "./registry";
import { reportsRoutes } from "./routes";

/**
 * Reports (报表): the firm, a department or one member in figures, each report one module of the
 * catalogue registered on `app.reports`; a later feature registers its own report the same way.
 */
export const reportsPlugin = featurePlugin(
  "reports",
  async (app) => {
    app.decorate("reports", createReportRegistry());
    for (const report of [
      newCasesReport,
      openCasesReport,
      moneyReport,
      ageingReport,
      topClientsReport,
      workloadReport,
      deadlinesReport,
      approvalsReport,
      intakeReport,
    ])
      app.reports.register(report);
    await app.register(reportsRoutes, { prefix: "/api" });
  },
  { dependencies: ["cases", "fees", "invoices", "deadlines", "workflow", "intake", "documents"] },
);
