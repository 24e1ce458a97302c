export { calendarRoutes } from "./routes";
