/** What other features and the app may use of esign; everything else is internal. */
export { esignPlugin } from "./plugin";
export { appendEvent } from "./trail";
