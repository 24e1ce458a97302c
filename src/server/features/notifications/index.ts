/** What other features and the app may use of notifications; everything else is internal. */
export { notificationsPlugin } from "./plugin";
export { addNotifications, addNotificationsOf, createNotifications } from "./service";
