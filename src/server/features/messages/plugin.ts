import { featurePlugin } from "../../plugins/feature";
import { deliverDue, type OutboxDeps } from "./outbox";
import { messagesRoutes } from "./routes";
import { createSenders, type Senders } from "./senders";

declare module "fastify" {
  interface FastifyInstance {
    /** E-mail and SMS for every feature: the Outbox keeps what no configured sender delivers. */
    senders: Senders;
  }
}

/** How often queued messages are (re)tried. */
const DELIVER_EVERY_MS = 60_000;

/** The Outbox: every message features send, delivered by the configured senders. */
export const messagesPlugin = featurePlugin("messages", async (app) => {
  const senders = createSenders(app.config);
  app.decorate("senders", senders);
  const deps: OutboxDeps = {
    senders,
    log: app.log,
    secret: app.config.jwtSecret,
    outboxShowsSecrets: app.config.outboxShowsSecrets,
  };
  if (Object.keys(senders).length > 0) {
    app.jobs.register("outbox-delivery", DELIVER_EVERY_MS, async () => {
      await deliverDue(app.database.db, deps);
    });
  }
  await app.register(messagesRoutes, { prefix: "/api", deps });
});
