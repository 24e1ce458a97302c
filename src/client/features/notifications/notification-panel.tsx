import { useCustomMutation, useList } from "@refinedev/core";
import { Button, Empty, Flex, Spin } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

import { firmTime } from "../../lib/firm-time";
import "./notifications.css";
import { setUnread, useNotificationState } from "./notification-stream";
import { NOTIFICATIONS_API, type NotificationRow, notificationTitle } from "./types";

const LATEST = 8;

/** The bell's drop-down: the latest notifications, read on click, "read all" and "view all". */
export const NotificationPanel = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revision } = useNotificationState();
  const { result, query } = useList<NotificationRow>({
    resource: "notifications",
    pagination: { currentPage: 1, pageSize: LATEST },
    sorters: [{ field: "createdAt", order: "desc" }],
  });
  const { mutateAsync } = useCustomMutation<{ unread: number }>();

  // A notification arriving while the panel is open shows up in it.
  useEffect(() => {
    if (revision) void query.refetch();
  }, [revision]);

  const post = async (url: string) => {
    const { data } = await mutateAsync({
      url,
      method: "post",
      values: {},
      successNotification: false,
    });
    setUnread(data.unread);
    await query.refetch();
  };

  const open = async (row: NotificationRow) => {
    if (!row.isRead) await post(`${NOTIFICATIONS_API}/${row.id}/read`);
    if (row.link?.startsWith("/")) {
      onClose();
      navigate(row.link);
    }
  };

  const rows = result.data;
  return (
    <section className="notification-panel" aria-label={t("notifications.notifications")}>
      <Flex align="center" justify="space-between" className="notification-panel-head">
        <strong>{t("notifications.notifications")}</strong>
        <Button size="small" type="link" onClick={() => void post(`${NOTIFICATIONS_API}/read-all`)}>
          {t("notifications.actions.readAll")}
        </Button>
      </Flex>
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : rows.length ? (
        <ul className="notification-list">
          {rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className={row.isRead ? "notification-item" : "notification-item is-unread"}
                onClick={() => void open(row)}
              >
                <span className="notification-item-title">{notificationTitle(row, t)}</span>
                {row.body ? <span className="notification-item-body">{row.body}</span> : null}
                <span className="notification-item-time">{firmTime(row.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notifications.empty")} />
      )}
      <div className="notification-panel-foot">
        <Link to="/notifications/all" onClick={onClose}>
          {t("notifications.actions.viewAll")}
        </Link>
      </div>
    </section>
  );
};
