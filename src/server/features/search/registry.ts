import type { Action, Subject } from "../../../shared/permissions";
import type { RequestCtx } from "../../lib/request-ctx";

export type SearchHit = { id: string; title: string; subtitle?: string; link: string };

/**
 * One kind of thing the navbar search finds. Each feature registers its own; the endpoint asks
 * only those whose permission the caller holds, so results never show what a user may not read.
 */
export type SearchProvider = {
  type: string;
  /** i18n key of the group heading in the results. */
  labelKey: string;
  permission: [Action, Subject];
  search: (ctx: RequestCtx, q: string, limit: number) => Promise<SearchHit[]>;
};

export const createSearchRegistry = () => {
  const providers: SearchProvider[] = [];
  return {
    register: (provider: SearchProvider) => {
      if (providers.some((p) => p.type === provider.type))
        throw new Error(`search type ${provider.type} registered twice`);
      providers.push(provider);
    },
    /** Runs every provider the caller may use; groups come back in registration order. */
    search: async (ctx: RequestCtx, q: string, limit: number) => {
      const allowed = providers.filter((p) => ctx.ability.can(p.permission[0], p.permission[1]));
      const groups = await Promise.all(
        allowed.map(async (p) => ({
          type: p.type,
          labelKey: p.labelKey,
          items: await p.search(ctx, q, limit),
        })),
      );
      return groups.filter((g) => g.items.length > 0);
    },
  };
};

export type SearchRegistry = ReturnType<typeof createSearchRegistry>;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
