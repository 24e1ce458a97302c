export { orgSettingsRoutes } from "./routes";
