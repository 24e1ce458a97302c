import { featurePlugin } from "../../plugins/feature";
import { dictionariesRoutes } from "./routes";
import { registerDictionaryUsage } from "./schema-usage";
import { createDictionaryUsageRegistry } from "./usage";

/** The firm's dictionaries; an item a schema field still stores can only be disabled. */
export const dictionariesPlugin = featurePlugin("dictionaries", async (app) => {
  const usage = createDictionaryUsageRegistry();
  app.decorate("dictionaryUsage", usage);
  registerDictionaryUsage(usage, app.resources);
  await app.register(dictionariesRoutes, { prefix: "/api", usage });
});
