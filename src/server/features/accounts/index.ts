/** What other features and the app may use of accounts; everything else is internal. */
export { accountsPlugin } from "./plugin";
