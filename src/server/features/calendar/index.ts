/** What other features and the app may use of calendar; everything else is internal. */
export { calendarRoutes } from "./routes";
