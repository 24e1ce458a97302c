/** What other features and the app may use of esign; everything else is internal. */
export { recordContractStep } from "./contract-steps";
export { esignRowOwners } from "./bindings";
export { esignRoutes } from "./routes";
export { assertSealedIntact } from "./sealed-files";
export { appendEvent } from "./trail";
