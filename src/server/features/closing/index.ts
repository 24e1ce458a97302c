/** What other features, the seed and the app may use of closing; everything else is internal. */
export { CLOSING_FLOW_KEY, closingFlow, provisionClosing } from "./defaults";
export { closingPlugin } from "./plugin";
