/** What other features and the app may use of fee sharing; everything else is internal. */
export { feeSharingPlugin } from "./plugin";
export { type ResplitReason, resplitPayment } from "./resplit";
export { closePeriod } from "./periods";
export { DEFAULT_FEE_SHARE_SETTINGS, readFeeShareSettings } from "./settings";
