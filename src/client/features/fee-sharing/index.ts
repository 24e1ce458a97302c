export { feeSharingRoutes } from "./routes";
