/** What other features and the app may use of intake; everything else is internal. */
export { LEAD_SOURCE_DICTIONARY, LEAD_STAGE_DICTIONARY } from "./defaults";
export { intakePlugin } from "./plugin";
export { nextLeadNo } from "./numbering";
// Reports show the conversion by source beside the firm's other figures.
export { intakeStats } from "./stats";
