import pg from "pg";

/** Distinct statements a process prepares; past this, further ones run unnamed as before. */
const MAX_STATEMENTS = 2000;

/**
 * A node-postgres client that runs every parameterised query as a named prepared statement.
 *
 * Unnamed, PostgreSQL parses, analyses and plans every query anew; the app's queries are a few
 * hundred fixed texts (drizzle builds the same text for the same call site, values travel as
 * parameters), so each connection now parses a text once and then only binds and executes it.
 * This is for every route at once, with no change to them. The name is a stable function of the
 * text (node-postgres refuses one name for two texts on a connection); `MAX_STATEMENTS` bounds
 * the per-connection memory should some code build ever-new texts.
 */
const names = new Map<string, string>();
const nameFor = (text: string) => {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_STATEMENTS) {
    name = `lm_${names.size.toString(36)}`;
    names.set(text, name);
  }
  return name;
};

type QueryConfig = { text?: string; name?: string; values?: unknown[] };

export class StatementCachingClient extends pg.Client {
  // The overloads of pg.Client#query are kept; only a config object with values is changed.
  query(...args: unknown[]): never {
    const [config, values] = args as [QueryConfig | string, unknown[] | undefined];
    if (config && typeof config === "object" && typeof config.text === "string" && !config.name) {
      const hasValues =
        (Array.isArray(values) && values.length > 0) ||
        (Array.isArray(config.values) && config.values.length > 0);
      const name = hasValues ? nameFor(config.text) : undefined;
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
