import { type HTMLAttributes, type ReactNode, useSyncExternalStore } from "react";

export type GlobalDialogOptions = {
  /** Extra attributes for the dialog element (aria-label, style, data-*). */
  props?: HTMLAttributes<HTMLDivElement>;
  /** Replaces the default "global-dialog" content class. */
  contentClass?: string;
  /** Dims the page behind the dialog; off by default. */
  scrim?: boolean;
  /** Extra class placing the dialog, e.g. "global-dialog-top" or "global-dialog-end". */
  positionClass?: string;
};

export type GlobalDialogState = { content: ReactNode | null; options: GlobalDialogOptions };

export const DEFAULT_DIALOG_CLASS = "global-dialog";

let state: GlobalDialogState = { content: null, options: {} };
const listeners = new Set<() => void>();

const set = (next: GlobalDialogState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** Visible exactly while there is content (closed by clearing the content). */
export const openGlobalDialog = (content: ReactNode, options: GlobalDialogOptions = {}) =>
  set({ content, options });

export const closeGlobalDialog = () => set({ content: null, options: {} });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const read = () => state;

export const useGlobalDialogState = () => useSyncExternalStore(subscribe, read, read);

/** The one hook pages use: `const dialog = useGlobalDialog(); dialog.open(<Form/>)`. */
export const useGlobalDialog = () => {
  const current = useGlobalDialogState();
  return {
    isVisible: current.content !== null,
    open: openGlobalDialog,
    close: closeGlobalDialog,
  };
};
