/** What other features and the app may use of workflow; everything else is internal. */
export { approvalsByRefs } from "./approvals-by-ref";
export { readBusinessSettings } from "./business-settings";
export {
  definitionByKey,
  enabledDefinitionOfKind,
  getDefinitionRow,
  getVersion,
} from "./definitions-service";
export { getInstanceDetail } from "./detail";
export { provisionFirmFlows } from "./firm-flows";
export type { FirmFlowFacts } from "./firm-flows";
export { publishInitialFlow } from "./initial-flow";
export { loadDirectory } from "./directory";
export { step } from "./engine/index";
export type { Action } from "./engine/index";
export { startBusinessApproval, submitInstance } from "./instances-service";
export { workflowPlugin } from "./plugin";
export type { EffectHook, EffectInstance } from "./registry";
export { ccTargets, storedState, writeCc, writeEvents, writeTasks } from "./store";
export { submitOnce } from "./submission-key";
export { approvalTitle, titleIn } from "./title";
export type { TitleParts } from "./title";
