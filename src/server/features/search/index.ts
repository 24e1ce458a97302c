/** What other features and the app may use of search; everything else is internal. */
export { departmentsSearch, documentsSearch, membersSearch } from "./providers";
export { createSearchRegistry, likePattern } from "./registry";
export type { SearchProvider, SearchRegistry } from "./registry";
export { searchRoutes } from "./routes";
