import { useCustomMutation } from "@refinedev/core";
import { Button, Popconfirm, Select, Space, Table, Tabs, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useAntdTable } from "../../lib/use-antd-table";
import { firmTime } from "../../lib/firm-time";
import "./notifications.css";
import { setUnread } from "./notification-stream";
import { NOTIFICATIONS_API, type NotificationRow, notificationTitle } from "./types";

const TABS = ["all", "unread"] as const;
const TYPES = ["system", "announcement", "workflow"] as const;

/**
 * All notifications of the user, a tab per read state. The route is keep-alive: each tab keeps
 * its type filter and page while the user looks at the other one.
 */
export const NotificationsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = "all" } = useParams();
  const isUnreadTab = tab === "unread";
  const [type, setType] = useState<string | undefined>();
  const { tableProps, tableQuery, applyFilters } = useAntdTable<NotificationRow>({
    resource: "notifications",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    filters: {
      permanent: isUnreadTab ? [{ field: "isRead", operator: "eq", value: "false" }] : [],
    },
    syncWithLocation: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<{ unread: number }>();

  const act = async (url: string, method: "post" | "delete") => {
    const { data } = await mutateAsync({ url, method, values: {}, successNotification: false });
    setUnread(data.unread);
    await tableQuery.refetch();
  };

  const onType = (value: string | undefined) => {
    setType(value);
    applyFilters([{ field: "type", operator: "eq", value }]);
  };

  return (
    <>
      <PageHeader
        title={t("notifications.titles.list")}
        extra={
          <Button
            loading={mutation.isPending}
            onClick={() => void act(`${NOTIFICATIONS_API}/read-all`, "post")}
          >
            {t("notifications.actions.readAll")}
          </Button>
        }
      />
      <PagePanel>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(`/notifications/${key}`)}
          items={TABS.map((key) => ({ key, label: t(`notifications.tabs.${key}`) }))}
        />
        <Space style={{ marginBottom: 12 }}>
          <Select
            allowClear
            style={{ width: 180 }}
            value={type}
            onChange={onType}
            placeholder={t("notifications.fields.type")}
            aria-label={t("notifications.fields.type")}
            options={TYPES.map((value) => ({ value, label: t(`notifications.types.${value}`) }))}
          />
        </Space>
        <Table<NotificationRow>
          {...tableProps}
          rowKey="id"
          size="middle"
          scroll={{ x: 720 }}
          columns={[
            {
              key: "title",
              title: t("notifications.fields.title"),
              render: (_, row) => (
                <span className={row.isRead ? undefined : "notification-unread-title"}>
                  {notificationTitle(row, t)}
                </span>
              ),
            },
            { dataIndex: "body", title: t("notifications.fields.body"), ellipsis: true },
            {
              dataIndex: "type",
              title: t("notifications.fields.type"),
              width: 110,
              render: (value: string) => <Tag>{t(`notifications.types.${value}`, value)}</Tag>,
            },
            { dataIndex: "actorName", title: t("notifications.fields.actor"), width: 120 },
            {
              dataIndex: "createdAt",
              title: t("notifications.fields.createdAt"),
              width: 170,
              render: (value: string) => firmTime(value),
            },
            {
              key: "actions",
              title: t("table.actions"),
              width: 170,
              render: (_, row) => (
                <Space size={4}>
                  {row.isRead ? null : (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => void act(`${NOTIFICATIONS_API}/${row.id}/read`, "post")}
                    >
                      {t("notifications.actions.markRead")}
                    </Button>
                  )}
                  <Popconfirm
                    title={t("buttons.confirm")}
                    onConfirm={() => act(`${NOTIFICATIONS_API}/${row.id}`, "delete")}
                  >
                    <Button size="small" type="link" danger>
                      {t("buttons.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </PagePanel>
    </>
  );
};
