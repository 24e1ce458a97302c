/** What other features and the app may use of tasks; everything else is internal. */
export { tasksPlugin } from "./plugin";
export { assertCaseWritable, visibleTasks } from "./service";
export { checkTemplateItems } from "./templates";
export { caseReadable, mineOrCaseReadable, onTeamOf } from "./visibility";
