import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from "@ant-design/icons";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import "./toast.css";
import { type ToastColor, useToastState } from "./toast";

/** A vertical swipe longer than this dismisses the toast. */
export const SWIPE_THRESHOLD = 50;

const ICONS: Record<ToastColor, JSX.Element> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
  info: <InfoCircleFilled />,
};

/**
 * The single toast: shows whenever the counter changes, hides after its timeout,
 * the countdown pauses while the pointer is over it, and a vertical swipe dismisses it.
 */
export const ToastHost = () => {
  const { t } = useTranslation();
  const toast = useToastState();
  const [visibleCounter, setVisibleCounter] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const remaining = useRef(0);
  const startedAt = useRef(0);
  const swipeStart = useRef<number | null>(null);

  const stop = () => window.clearTimeout(timer.current);
  const hide = () => {
    stop();
    setVisibleCounter(null);
  };
  const run = () => {
    stop();
    if (remaining.current <= 0) return;
    startedAt.current = Date.now();
    timer.current = window.setTimeout(hide, remaining.current);
  };

  useEffect(() => {
    if (!toast) return undefined;
    setVisibleCounter(toast.counter);
    remaining.current = toast.timeout;
    run();
    return stop;
    // Only a new counter restarts the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast?.counter]);

  if (!toast || visibleCounter !== toast.counter) return null;

  const onEnter = () => {
    if (toast.timeout <= 0) return;
    stop();
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientY;
    // Keeps receiving the moves once the finger or pointer leaves the toast.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    if (Math.abs(event.clientY - swipeStart.current) > SWIPE_THRESHOLD) {
      swipeStart.current = null;
      hide();
    }
  };

  return (
    <div className={`app-toast-layer is-${toast.location}`}>
      <div
        key={toast.counter}
        className={`app-toast is-${toast.color} transition-${toast.transition}`}
        role={toast.color === "error" ? "alert" : "status"}
        aria-live={toast.color === "error" ? "assertive" : "polite"}
        data-testid="app-toast"
        onMouseEnter={onEnter}
        onMouseLeave={run}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (swipeStart.current = null)}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <span className="app-toast-icon" aria-hidden>
          {toast.isLoading ? <LoadingOutlined /> : ICONS[toast.color]}
        </span>
        <span className="app-toast-message">{toast.message}</span>
        {toast.isCloseable ? (
          <button
            type="button"
            className="app-toast-close"
            aria-label={t("toast.close")}
            onClick={hide}
          >
            <CloseOutlined />
          </button>
        ) : null}
      </div>
    </div>
  );
};
