import { BankOutlined, CheckCircleFilled } from "@ant-design/icons";
import { useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { Button, Empty, Flex, Spin, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { PATHS } from "../../providers/navigation";
import { type LoginUser, switchWorkspace, type WorkspaceRef } from "../../providers/session";

/** Lists the firms the user belongs to; switching reloads rules and menu without signing in. */
export const WorkspaceSwitch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { data: user, isLoading } = useGetIdentity<LoginUser>();
  const [pendingId, setPendingId] = useState<WorkspaceRef["id"] | null>(null);

  const onSwitch = async (workspace: WorkspaceRef) => {
    setPendingId(workspace.id);
    try {
      await switchWorkspace(workspace.id);
      await invalidateAuthStore();
      showToast({
        message: t("pages.workspaces.switched", { name: workspace.name }),
        color: "success",
      });
      navigate(PATHS.home);
    } catch {
      // The http layer has already shown what went wrong.
    } finally {
      setPendingId(null);
    }
  };

  const workspaces = user?.workspaces ?? [];
  const isCurrent = (w: LoginUser["workspaces"][number]) =>
    w.current ?? String(w.id) === String(user?.workspace?.id);

  return (
    <>
      <PageHeader title={t("pages.workspaces.title")} />
      <PagePanel>
        <p className="text-secondary" style={{ marginTop: 0 }}>
          {t("pages.workspaces.description")}
        </p>
        {isLoading ? <Spin style={{ display: "block", padding: 24 }} /> : null}
        {!isLoading && !workspaces.length ? (
          <Empty description={t("pages.workspaces.empty")} />
        ) : null}
        <Flex vertical gap={12} role="list" aria-label={t("pages.workspaces.title")}>
          {workspaces.map((workspace) => {
            const current = isCurrent(workspace);
            return (
              <div
                key={workspace.id}
                role="listitem"
                className={current ? "workspace-item is-current" : "workspace-item"}
              >
                <Flex align="center" justify="space-between" gap={12} wrap>
                  <Flex align="center" gap={12} style={{ minWidth: 0 }}>
                    <BankOutlined style={{ fontSize: 20, color: "var(--app-primary)" }} />
                    <strong className="workspace-name">{workspace.name}</strong>
                    {current ? (
                      <Tag icon={<CheckCircleFilled />} color="success">
                        {t("pages.workspaces.current")}
                      </Tag>
                    ) : null}
                  </Flex>
                  {current ? null : (
                    <Button
                      type="primary"
                      ghost
                      loading={pendingId === workspace.id}
                      disabled={pendingId !== null && pendingId !== workspace.id}
                      onClick={() => void onSwitch(workspace)}
                      aria-label={t("pages.workspaces.switchTo", { name: workspace.name })}
                    >
                      {t("pages.workspaces.switch")}
                    </Button>
                  )}
                </Flex>
              </div>
            );
          })}
        </Flex>
      </PagePanel>
    </>
  );
};
