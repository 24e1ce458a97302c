import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { billExtension, expenseBindings, expenseRowOwners } from "./expenses";
import { runFeeReminders } from "./reminders";
import { feesRoutes } from "./routes";

/** How often the overdue-instalment job looks: notices are per day band, so hourly is prompt enough. */
const REMINDER_EVERY_MS = 60 * 60 * 1000;

/**
 * Fees: a case's fee terms and instalment schedule, its expenses (and their way onto the next
 * bill, added to the cases feature's bills as a binding extension), the firm's fee-sharing
 * settings, receivables with ageing, and reminders of overdue instalments.
 */
export const feesPlugin = featurePlugin(
  "fees",
  async (app) => {
    registerRowOwners(app, expenseRowOwners);
    const mail = { senders: app.senders, publicUrl: app.config.publicUrl };
    app.jobs.register("fees.reminders", REMINDER_EVERY_MS, async () => {
      const n = await runFeeReminders(app.database.db, new Date(), mail);
      if (n > 0) app.log.info({ job: "fees.reminders", sent: n }, "overdue fee reminders sent");
    });
    await app.register(feesRoutes, { prefix: "/api" });
  },
  {
    dependencies: ["cases", "notifications", "messages", "workflow", "documents"],
    bindings: expenseBindings,
    extends: { "case-bills": billExtension },
  },
);
