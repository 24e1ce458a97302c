import { sql } from "drizzle-orm";

import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import type { DictionaryUsageRegistry } from "./usage";

/** A dictionary item a schema field still stores cannot be deleted (only disabled). */
export const registerDictionaryUsage = (
  usage: DictionaryUsageRegistry,
  registry: ResourceRegistry,
) => {
  for (const res of registry.all()) {
    for (const field of res.fields) {
      const source = field.options?.source;
      if (!source?.startsWith("dict:")) continue;
      const table = res.binding.table;
      usage.register(source.slice(5), async (ctx, item) => {
        const value = field.column ?? sql`(${table.custom} -> ${field.key})`;
        const hit =
          field.kind === "array"
            ? field.column
              ? sql`${value} @> array[${item.code}]::text[]`
              : sql`${value} ? ${item.code}`
            : field.column
              ? sql`${value} = ${item.code}`
              : sql`${table.custom} ->> ${field.key} = ${item.code}`;
        const rows = await ctx.db
          .select({ id: table.id })
          .from(table)
          .where(inWorkspace(ctx, table, hit, res.binding.scope))
          .limit(1);
        return rows.length > 0;
      });
    }
  }
};
