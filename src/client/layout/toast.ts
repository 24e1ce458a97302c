import { useSyncExternalStore } from "react";

export type ToastColor = "success" | "error" | "warning" | "info";
export type ToastLocation =
  "top" | "bottom" | "top-start" | "top-end" | "bottom-start" | "bottom-end";
export type ToastTransition = "fade" | "slide" | "scale";

export type ToastOptions = {
  message: string;
  /** Default "top". */
  location?: ToastLocation;
  /** Milliseconds; default 2000. 0 or less keeps it until closed. */
  timeout?: number;
  /** Default "fade". */
  transition?: ToastTransition;
  color?: ToastColor;
  /** Shows a spinner instead of the colour's icon (work still running). */
  isLoading?: boolean;
  /** Adds a close button. */
  isCloseable?: boolean;
  /** Kept for callers that name repeated toasts; the single toast replaces itself anyway. */
  key?: string;
};

/** What the toast host renders; a new counter value is what makes it show. */
export type ToastState = Required<Omit<ToastOptions, "key">> & { counter: number };

export const TOAST_DEFAULTS = {
  location: "top",
  timeout: 2000,
  transition: "fade",
  color: "info",
  isLoading: false,
  isCloseable: false,
} as const;

let state: ToastState | null = null;
const listeners = new Set<() => void>();

/** The one way the app shows a toast (the error catalogue, Refine's notifications, pages). */
export const showToast = (options: ToastOptions) => {
  const { key: _key, ...rest } = options;
  state = { ...TOAST_DEFAULTS, ...rest, counter: (state?.counter ?? 0) + 1 };
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const read = () => state;

export const useToastState = () => useSyncExternalStore(subscribe, read, read);
