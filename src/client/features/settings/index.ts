export { accountSettingsRoutes } from "./routes";
