export { contractsRoutes } from "./routes";
