import type { FastifyInstance } from "fastify";

import { withoutZeroWidth } from "../../../shared/compare-text";
import type { SearchRegistry } from "./registry";

const querystring = {
  type: "object",
  required: ["q"],
  properties: {
    q: { type: "string", minLength: 1, maxLength: 100 },
    limit: { type: "integer", minimum: 1, maximum: 20, default: 5 },
  },
} as const;

/** The navbar's global search: one call, results grouped by type, only what the caller may read. */
export async function searchRoutes(app: FastifyInstance, opts: { registry: SearchRegistry }) {
  app.get<{ Querystring: { q: string; limit: number } }>(
    "/",
    { schema: { querystring }, config: { permission: "member" } },
    async (req) => {
      // A pasted zero-width character would make every pattern miss (compare-text.ts).
      const q = withoutZeroWidth(req.query.q).trim();
      return q ? opts.registry.search(req.ctx, q, req.query.limit) : [];
    },
  );
}
