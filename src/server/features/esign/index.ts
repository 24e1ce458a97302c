/** What other features and the app may use of esign; everything else is internal. */
export { recordContractStep } from "./contract-steps";
export { esignPlugin } from "./plugin";
export { assertSealedIntact } from "./sealed-files";
export { appendEvent } from "./trail";
