import type { RequestCtx } from "../../lib/request-ctx";

export type DictionaryItemRef = { typeCode: string; code: string; id: string };

/** Answers whether business rows still store this item's code (true: the item must stay). */
export type DictionaryUsageChecker = (ctx: RequestCtx, item: DictionaryItemRef) => Promise<boolean>;

declare module "fastify" {
  interface FastifyInstance {
    /** Features that store dictionary codes register a check here (e.g. cases for "case-type"). */
    dictionaryUsage: DictionaryUsageRegistry;
  }
}

/**
 * Which features use which dictionary types. A feature that stores codes of a type registers a
 * checker at start-up; deleting an item asks every checker of its type (and the "*" ones), and
 * an item still in use can only be disabled, so old records keep a label to show.
 */
export const createDictionaryUsageRegistry = () => {
  const checkers = new Map<string, Set<DictionaryUsageChecker>>();
  return {
    /** `typeCode` "*" checks items of every type. Returns a function that unregisters it. */
    register: (typeCode: string, checker: DictionaryUsageChecker) => {
      const set = checkers.get(typeCode) ?? new Set();
      set.add(checker);
      checkers.set(typeCode, set);
      return () => {
        set.delete(checker);
      };
    },
    isUsed: async (ctx: RequestCtx, item: DictionaryItemRef) => {
      for (const checker of [
        ...(checkers.get(item.typeCode) ?? []),
        ...(checkers.get("*") ?? []),
      ]) {
        if (await checker(ctx, item)) return true;
      }
      return false;
    },
  };
};

export type DictionaryUsageRegistry = ReturnType<typeof createDictionaryUsageRegistry>;
