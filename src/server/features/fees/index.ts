/** What other features and the app may use of fees; everything else is internal. */
export { feesPlugin } from "./plugin";
export { DEFAULT_FEE_SETTINGS, readFeeSettings } from "./settings";
