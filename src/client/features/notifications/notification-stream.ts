import { useSyncExternalStore } from "react";

import { replaceRules } from "../../providers/access-control";
import { onSignOut } from "../../providers/auth";
import { redirectToLogin } from "../../providers/navigation";
import { fetchRules } from "../../providers/session";
import { sessionHeaders } from "../../lib/api";
import { getAccessToken } from "../../providers/storage";
import { backoffDelay, createSseParser } from "./sse-parser";
import { NOTIFICATIONS_API, type NotificationRow } from "./types";

type StreamState = { unread: number; revision: number; latest: NotificationRow | null };

let state: StreamState = { unread: 0, revision: 0, latest: null };
const listeners = new Set<() => void>();
const arrivals = new Set<(row: NotificationRow) => void>();

const set = (patch: Partial<StreamState>) => {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
};

/** Actions on the bell or the page report the server's new unread count here. */
export const setUnread = (unread: number) => set({ unread, revision: state.revision + 1 });

let controller: AbortController | null = null;
let attempt = 0;
let retryTimer: number | undefined;

const scheduleReconnect = () => {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void connect(), backoffDelay(attempt));
  attempt += 1;
};

/**
 * The server ends the stream with `reauth` when this sign-in changed (revoked, or moved to
 * another firm). A quick authenticated request tells which: a 401 sends the user to sign in
 * (the http layer does that), otherwise the rules are refreshed and the stream reopens.
 */
const onReauth = async () => {
  try {
    replaceRules(await fetchRules());
    attempt = 0;
    scheduleReconnect();
  } catch {
    // 401 is already on its way to the sign-in page; anything else retries later.
    scheduleReconnect();
  }
};

const handle = (event: string, data: string) => {
  const payload = JSON.parse(data) as { unread?: number; notification?: NotificationRow };
  if (event === "ready") {
    attempt = 0;
    set({ unread: payload.unread ?? 0 });
  }
  if (event === "notification" && payload.notification) {
    const row = payload.notification;
    set({ unread: payload.unread ?? state.unread + 1, latest: row, revision: state.revision + 1 });
    arrivals.forEach((listener) => listener(row));
  }
};

/** fetch + ReadableStream: EventSource cannot send the Authorization header. */
const connect = async () => {
  const token = getAccessToken();
  if (!token || controller) return;
  const current = new AbortController();
  controller = current;
  let isReauth = false;
  try {
    const res = await fetch(`${NOTIFICATIONS_API}/stream`, {
      headers: { ...sessionHeaders(), Accept: "text/event-stream" },
      signal: current.signal,
    });
    if (res.status === 401) {
      controller = null;
      void redirectToLogin({ clear: true });
      return;
    }
    if (!res.ok || !res.body) throw new Error(String(res.status));
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = createSseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const { event, data } of parse(value)) {
        if (event === "reauth") isReauth = true;
        else handle(event, data);
      }
    }
  } catch {
    // Network loss or a stopped server: reconnect below unless we closed it ourselves.
  }
  if (controller !== current) return;
  controller = null;
  if (current.signal.aborted) return;
  if (isReauth) void onReauth();
  else scheduleReconnect();
};

export const startNotificationStream = () => {
  onSignOut(stopNotificationStream);
  void connect();
};

export const stopNotificationStream = () => {
  window.clearTimeout(retryTimer);
  const current = controller;
  controller = null;
  current?.abort();
};

/** Called for every notification that arrives live (the layout turns it into a toast). */
export const onNotificationArrival = (listener: (row: NotificationRow) => void) => {
  arrivals.add(listener);
  return () => {
    arrivals.delete(listener);
  };
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => state;

export const useNotificationState = () => useSyncExternalStore(subscribe, read, read);
