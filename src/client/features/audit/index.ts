export { auditSettingsRoutes } from "./routes";
