/** What other features and the app may use of deadlines; everything else is internal. */
export { deadlineBindings, deadlineRowOwners } from "./bindings";
export { inLanguage, keyDateTitle, loadDeadlineTypes } from "./data";
export { createKeyDate, reminderRows } from "./key-dates";
export { deadlinesRoutes } from "./routes";
