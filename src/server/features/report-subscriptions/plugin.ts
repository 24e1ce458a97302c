import { getTableName, sql } from "drizzle-orm";

import { reportSubscriptions } from "../../db/tables";
import { featurePlugin } from "../../plugins/feature";
import { runReportSubscriptions } from "./job";
import { reportSubscriptionsRoutes } from "./routes";

/**
 * Scheduled reports (报表订阅): a member subscribes to a report of the catalogue, weekly or monthly
 * at an hour of the firm's clock, and gets it by e-mail (the Outbox) as a short summary with the
 * xlsx attached. The job's interval is REPORT_SUBSCRIPTIONS_INTERVAL_MS (0 turns it off; tests
 * call runReportSubscriptions themselves).
 */
export const reportSubscriptionsPlugin = featurePlugin(
  "report-subscriptions",
  async (app) => {
    // Each row is its subscriber's: "only own" report rights see their own, as the routes do.
    app.rowOwners.register(getTableName(reportSubscriptions), sql`${reportSubscriptions.userId}`);
    app.jobs.register(
      "report-subscriptions",
      app.config.reportSubscriptionsIntervalMs ?? 5 * 60_000,
      async () => {
        await runReportSubscriptions(app);
      },
    );
    await app.register(reportSubscriptionsRoutes, { prefix: "/api" });
  },
  { dependencies: ["reports", "messages", "notifications", "workflow"] },
);
