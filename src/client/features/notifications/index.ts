export { notificationsRoutes } from "./routes";
// The bell in the top bar (App.tsx puts it there) and the live stream other screens listen to.
export { NotificationBell } from "./notification-bell";
export { onNotificationArrival } from "./notification-stream";
