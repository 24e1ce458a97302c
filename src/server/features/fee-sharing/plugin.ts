import { pdfFontOf } from "../../lib/pdf-font";
import { featurePlugin } from "../../plugins/feature";
import { casesExtension, paymentsExtension } from "./extensions";
import { feeSharingRoutes } from "./routes";

/**
 * Fee sharing (提成): each case's allocation kept by effective day, every payment split into
 * share lines as the cases feature writes it (in the same transaction), months closed in order,
 * and statements per member and month (JSON, xlsx, PDF).
 */
export const feeSharingPlugin = featurePlugin(
  "fee-sharing",
  async (app) => {
    await app.register(feeSharingRoutes, {
      prefix: "/api",
      registry: app.resources,
      pdfFont: pdfFontOf(app.config),
      exportMaxRows: app.config.exportMaxRows,
    });
  },
  {
    dependencies: ["cases", "fees", "workflow", "documents"],
    extends: { cases: casesExtension, "case-payments": paymentsExtension },
  },
);
