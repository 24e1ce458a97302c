/** What other features and the app may use of notifications; everything else is internal. */
export { notificationsRoutes } from "./routes";
export { addNotifications, addNotificationsOf, createNotifications } from "./service";
