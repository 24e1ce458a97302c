/** What the app may use of intake (案源); everything else is internal. */
export { intakeRoutes } from "./routes";
