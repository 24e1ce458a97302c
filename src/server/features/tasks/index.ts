/** What other features and the app may use of tasks; everything else is internal. */
export { tasksPlugin } from "./plugin";
export { assertCaseWritable, visibleTasks } from "./service";
export { caseReadable, mineOrCaseReadable, onTeamOf } from "./visibility";
