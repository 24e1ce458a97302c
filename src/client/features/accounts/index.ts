export { accountsRoutes } from "./routes";
