export { dictionariesSettingsRoutes } from "./routes";
