import { DesktopOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Flex, Popconfirm, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";

import type { SessionRow } from "../../../shared/contracts/security";
import { PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { firmTime } from "../../lib/firm-time";
import { deviceLabel, SECURITY_KEYS, securityApi } from "./security-api";

/**
 * Settings → Security: where the account is signed in now. Signing a device out takes effect on
 * every app process at once (the server's live revocation).
 */
export const SessionsPanel = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: SECURITY_KEYS.sessions,
    queryFn: securityApi.sessions,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: SECURITY_KEYS.sessions });
  const others = (data ?? []).filter((s) => !s.isCurrent).length;

  const signOut = async (row: SessionRow) => {
    await securityApi.revokeSession(row.id);
    showToast({ message: t("security.sessions.signedOut"), color: "success" });
    await refresh();
  };
  const signOutOthers = async () => {
    const { revoked } = await securityApi.revokeOthers();
    showToast({
      message: t("security.sessions.signedOutOthers", { count: revoked }),
      color: "success",
    });
    await refresh();
  };

  return (
    <PagePanel>
      <section aria-labelledby="sessions-title">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <h2 id="sessions-title" className="security-section">
            <DesktopOutlined aria-hidden /> {t("security.sessions.title")}
          </h2>
          <Popconfirm
            title={t("security.sessions.signOutOthersConfirm")}
            okText={t("security.sessions.signOut")}
            cancelText={t("buttons.cancel")}
            onConfirm={signOutOthers}
            disabled={others === 0}
          >
            <Button disabled={others === 0}>{t("security.sessions.signOutOthers")}</Button>
          </Popconfirm>
        </Flex>
        <p className="text-secondary">{t("security.sessions.description")}</p>
        <Table<SessionRow>
          rowKey="id"
          size="middle"
          loading={isLoading}
          dataSource={data ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            {
              key: "device",
              title: t("security.sessions.device"),
              render: (_, row) => (
                <Flex gap={8} wrap align="center">
                  <span title={row.userAgent}>{deviceLabel(row.userAgent, t)}</span>
                  {row.isCurrent ? <Tag color="blue">{t("security.sessions.current")}</Tag> : null}
                </Flex>
              ),
            },
            { key: "ip", dataIndex: "ip", title: t("security.sessions.ip"), width: 140 },
            {
              key: "firm",
              dataIndex: "workspaceName",
              title: t("security.sessions.firm"),
              width: 160,
            },
            {
              key: "method",
              title: t("security.sessions.method"),
              width: 140,
              render: (_, row) => t(`security.methods.${row.method}`),
            },
            {
              key: "createdAt",
              title: t("security.sessions.createdAt"),
              width: 150,
              render: (_, row) => firmTime(row.createdAt),
            },
            {
              key: "lastSeenAt",
              title: t("security.sessions.lastSeenAt"),
              width: 150,
              render: (_, row) => firmTime(row.lastSeenAt),
            },
            {
              key: "actions",
              title: t("table.actions"),
              width: 90,
              fixed: "right",
              render: (_, row) =>
                row.isCurrent ? null : (
                  <Popconfirm
                    title={t("security.sessions.signOutConfirm")}
                    okText={t("security.sessions.signOut")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() => signOut(row)}
                  >
                    <Button
                      size="small"
                      type="link"
                      danger
                      aria-label={t("security.sessions.signOutLabel", {
                        device: deviceLabel(row.userAgent, t),
                      })}
                    >
                      {t("security.sessions.signOut")}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </section>
    </PagePanel>
  );
};
