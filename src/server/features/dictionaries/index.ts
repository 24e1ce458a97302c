/** What other features and the app may use of dictionaries; everything else is internal. */
export { dictionariesRoutes } from "./routes";
export { findOptions } from "./service";
export { createDictionaryUsageRegistry } from "./usage";
export type { DictionaryUsageRegistry } from "./usage";
