/** What other features and the app may use of accounts; everything else is internal. */
export { accountsPlugin } from "./plugin";
export { ACCOUNT_CHANGE_KEY, ACCOUNT_CHANGE_REF } from "./status";
