import { CalendarOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Modal, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The private iCal subscription. The URL is shown only right after it is made (the server keeps
 * just its hash); making a new one stops the old one.
 */
export const FeedPanel = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const { result, query } = useCustom<{ isEnabled: boolean }>({
    url: "/api/calendar-feed",
    method: "get",
    queryOptions: { enabled: open },
  });
  const { mutateAsync } = useCustomMutation<{ path: string }>();
  const isEnabled = Boolean((result?.data as { isEnabled?: boolean } | undefined)?.isEnabled);
  const issue = async () => {
    const res = await mutateAsync({ url: "/api/calendar-feed", method: "post", values: {} }).catch(
      () => undefined,
    );
    if (!res) return;
    setUrl(`${window.location.origin}${res.data.path}`);
    await query.refetch();
  };
  const revoke = async () => {
    await mutateAsync({ url: "/api/calendar-feed", method: "delete", values: {} }).catch(
      () => undefined,
    );
    setUrl(null);
    await query.refetch();
  };
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
        {t("deadlines.feed.button")}
      </Button>
      <Modal
        open={open}
        title={t("deadlines.feed.title")}
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph>{t("deadlines.feed.intro")}</Typography.Paragraph>
        {url ? (
          <Alert
            type="success"
            showIcon
            message={t("deadlines.feed.copy")}
            description={
              <Typography.Text copyable code aria-label={t("deadlines.feed.url")}>
                {url}
              </Typography.Text>
            }
          />
        ) : isEnabled ? (
          <Alert type="info" showIcon message={t("deadlines.feed.enabled")} />
        ) : null}
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={() => void issue()}>
            {t(isEnabled ? "deadlines.feed.regenerate" : "deadlines.feed.enable")}
          </Button>
          {isEnabled ? (
            <Popconfirm title={t("deadlines.feed.revokeConfirm")} onConfirm={() => void revoke()}>
              <Button danger>{t("deadlines.feed.revoke")}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Modal>
    </>
  );
};
