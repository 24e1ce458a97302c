import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

import { createJobScheduler, type JobScheduler } from "../lib/jobs";
import { createRowOwnerRegistry, type RowOwnerRegistry } from "../lib/row-owners";

declare module "fastify" {
  interface FastifyInstance {
    /** Who owns the rows of each scoped table; features register theirs (lib/row-owners.ts). */
    rowOwners: RowOwnerRegistry;
    /** The periodic jobs: features register them, they run from ready to close (lib/jobs.ts). */
    jobs: JobScheduler;
  }
}

/**
 * The registries every feature plugin registers on, decorated once on the app instead of living
 * in module-global maps, so two apps in one process (the tests) never share them.
 */
export const registriesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("rowOwners", createRowOwnerRegistry());
    const jobs = createJobScheduler(app.log);
    app.decorate("jobs", jobs);
    app.addHook("onReady", async () => jobs.start());
    app.addHook("onClose", () => jobs.stop());
  },
  { name: "registries" },
);
