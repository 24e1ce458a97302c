export { miscRoutes, notFoundRoute } from "./routes";
