/** What the route list may use of reports: its route entries (the page itself loads lazily). */
export { reportsRoutes } from "./routes";
