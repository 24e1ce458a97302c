import { featurePlugin } from "../../plugins/feature";
import { departmentsSearch, documentsSearch, membersSearch } from "./providers";
import { createSearchRegistry, type SearchRegistry } from "./registry";
import { searchRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Features add what the navbar search finds with `app.searchRegistry.register(provider)`. */
    searchRegistry: SearchRegistry;
  }
}

/** The navbar's search; it finds members, departments and documents itself, features add theirs. */
export const searchPlugin = featurePlugin("search", async (app) => {
  const registry = createSearchRegistry();
  app.decorate("searchRegistry", registry);
  for (const provider of [membersSearch, departmentsSearch, documentsSearch])
    registry.register(provider);
  await app.register(searchRoutes, { prefix: "/api/search", registry });
});
