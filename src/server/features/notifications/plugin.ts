import { featurePlugin } from "../../plugins/feature";
import { notificationsRoutes } from "./routes";

/** Each member's notifications and their live stream. */
export const notificationsPlugin = featurePlugin("notifications", async (app) => {
  await app.register(notificationsRoutes, { prefix: "/api/notifications" });
});
