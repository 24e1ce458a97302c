import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { deadlineBindings, deadlineRowOwners } from "./bindings";
import { runDeadlineReminders } from "./reminders";
import { deadlinesRoutes } from "./routes";

/** Key dates and their rules and holidays, with reminders to whoever is responsible. */
export const deadlinesPlugin = featurePlugin(
  "deadlines",
  async (app) => {
    registerRowOwners(app, deadlineRowOwners);
    const mail = { senders: app.senders, publicUrl: app.config.publicUrl };
    app.jobs.register(
      "deadlines.reminders",
      (app.config.deadlineReminderIntervalSeconds ?? 300) * 1000,
      async () => {
        const n = await runDeadlineReminders(app.database.db, new Date(), mail);
        if (n > 0) app.log.info({ job: "deadlines.reminders", sent: n }, "deadline reminders sent");
      },
    );
    await app.register(deadlinesRoutes, { prefix: "/api" });
  },
  { dependencies: ["notifications", "messages"], bindings: deadlineBindings },
);
