import { BellOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import {
  onNotificationArrival,
  startNotificationStream,
  stopNotificationStream,
  useNotificationState,
} from "./notification-stream";
import { notificationTitle } from "./types";

const NotificationPanel = lazy(() =>
  import("./notification-panel").then((m) => ({ default: m.NotificationPanel })),
);

/** The navbar bell: unread count live over SSE; the list loads when it is first opened. */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const { unread } = useNotificationState();
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    startNotificationStream();
    const stop = onNotificationArrival((row) =>
      showToast({
        message: t("notifications.live.arrived", { title: notificationTitle(row, t) }),
        color: "info",
      }),
    );
    return () => {
      stop();
      stopNotificationStream();
    };
  }, [t]);

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      destroyOnHidden
      popupRender={() => (
        <div className="notification-popup">
          <Suspense fallback={<div className="notification-panel-loading" />}>
            <NotificationPanel onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    >
      <Button
        type="text"
        aria-label={t("notifications.live.bell", { count: unread })}
        data-testid="notification-bell"
        className="notification-bell"
        icon={<BellOutlined style={{ fontSize: 16 }} />}
      >
        {/* A plain count rather than antd Badge: this sits in the first-screen bundle. */}
        {unread > 0 ? (
          <span className="notification-count" aria-hidden>
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Button>
    </Dropdown>
  );
};
