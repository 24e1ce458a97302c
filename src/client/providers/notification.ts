import type { NotificationProvider } from "@refinedev/core";

import { showToast } from "../layout/toast";

/**
 * Refine's success messages go to our toast. Its error messages are dropped: the http layer
 * Already applied the error catalogue, and a second toast would repeat it.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message, key }) => {
    if (type === "error") return;
    showToast({ message, color: "success", key });
  },
  close: () => undefined,
};
