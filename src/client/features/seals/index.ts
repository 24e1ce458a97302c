export { sealsRoutes } from "./routes";
