import { message } from "antd";
import { useEffect } from "react";

import { registerToastApi } from "./toast";

/**
 * Hosts the toast container inside ConfigProvider so toasts follow the theme and locale.
 * message.useMessage keeps antd's modal and notification code out of the first screen.
 */
export const ToastBridge = () => {
  const [api, contextHolder] = message.useMessage({ top: 16, maxCount: 3 });
  useEffect(() => {
    registerToastApi(api);
    return () => registerToastApi(null);
  }, [api]);
  return contextHolder;
};
