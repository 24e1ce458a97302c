export { authRoutes } from "./routes";
