import type { FastifyInstance } from "fastify";

import { withoutZeroWidth } from "../../../shared/compare-text";
import type { SearchRegistry } from "./registry";
import { searchQuery } from "./schemas";

/** The navbar's global search: one call, results grouped by type, only what the caller may read. */
export async function searchRoutes(app: FastifyInstance, opts: { registry: SearchRegistry }) {
  app.get<{ Querystring: { q: string; limit: number } }>(
    "/",
    { schema: { querystring: searchQuery }, config: { permission: "member" } },
    async (req) => {
      // A pasted zero-width character would make every pattern miss (compare-text.ts).
      const q = withoutZeroWidth(req.query.q).trim();
      return q ? opts.registry.search(req.ctx, q, req.query.limit) : [];
    },
  );
}
