export { NotificationsPage } from "./notifications-page";
export { NotificationsIndex } from "./notifications-index";
