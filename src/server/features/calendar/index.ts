/** What other features and the app may use of calendar; everything else is internal. */
export { calendarPlugin } from "./plugin";
