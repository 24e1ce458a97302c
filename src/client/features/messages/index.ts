export { messagesRoutes } from "./routes";
