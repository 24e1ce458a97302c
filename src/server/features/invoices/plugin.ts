import { MIGRATION_LOCK_KEY } from "../../db/migrate";
import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { invoiceBindings, invoiceRowOwners, paymentGuard } from "./bindings";
import { provisionInvoicing } from "./defaults";
import { registerInvoiceEffects } from "./effects";
import { invoicesRoutes } from "./routes";

/**
 * Invoices: requested through the "invoice" approval, issued, red-reversed or voided by finance,
 * and matched to payments (whose fee-sharing split takes the invoice tax). Before the app serves,
 * firms older than invoicing get the tax-rate dictionary and the invoice approval, under the
 * migrations' lock so processes starting together do it once.
 */
export const invoicesPlugin = featurePlugin(
  "invoices",
  async (app) => {
    registerRowOwners(app, invoiceRowOwners);
    registerInvoiceEffects(app);
    app.addHook("onReady", async () => {
      const { database } = app;
      await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () => provisionInvoicing(database.db));
    });
    await app.register(invoicesRoutes, { prefix: "/api" });
  },
  {
    dependencies: ["workflow", "cases", "contracts", "documents", "dictionaries", "fee-sharing"],
    bindings: invoiceBindings,
    extends: { "case-payments": paymentGuard },
  },
);
