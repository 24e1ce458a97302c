import type { MessageInstance } from "antd/es/message/interface";

export type ToastColor = "success" | "error" | "warning" | "info";

export type ToastOptions = {
  message: string;
  color?: ToastColor;
  /** Milliseconds; SPEC §9 default 2000. */
  timeout?: number;
  /** Toasts with the same key replace each other instead of stacking. */
  key?: string;
};

const DEFAULT_TIMEOUT = 2000;

let api: MessageInstance | null = null;
const queued: ToastOptions[] = [];

/** Called by <ToastBridge/> inside antd's <App/>, so toasts follow the theme and locale. */
export const registerToastApi = (instance: MessageInstance | null) => {
  api = instance;
  if (!api) return;
  while (queued.length) showToast(queued.shift() as ToastOptions);
};

/**
 * The one way the app shows a toast. A richer toast (position, swipe, loading) replaces this
 * body later without touching callers.
 */
export const showToast = ({ message, color = "info", timeout, key }: ToastOptions) => {
  if (!api) {
    queued.push({ message, color, timeout, key });
    return;
  }
  void api.open({
    type: color,
    content: message,
    duration: (timeout ?? DEFAULT_TIMEOUT) / 1000,
    key,
  });
};
