/** What other features and the app may use of search; everything else is internal. */
export { searchPlugin } from "./plugin";
export { likePattern } from "./registry";
export type { SearchProvider } from "./registry";
