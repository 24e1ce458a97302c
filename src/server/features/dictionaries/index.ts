/** What other features and the app may use of dictionaries; everything else is internal. */
export { dictionariesPlugin } from "./plugin";
export { findOptions } from "./service";
