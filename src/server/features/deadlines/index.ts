/** What other features and the app may use of deadlines; everything else is internal. */
export { inLanguage, keyDateTitle, loadDeadlineTypes } from "./data";
export { createKeyDate, reminderRows } from "./key-dates";
export { keyDateOutcome } from "./key-date-list";
export { deadlinesPlugin } from "./plugin";
