import { DownOutlined, SafetyOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Dropdown, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import type { LoginUser } from "../../providers/session";

type MemberSecurity = { isTwoFactorEnabled: boolean; activeSessions: number };

/**
 * The members screen's "Security" menu on one member: their two-factor state and sign-ins, reset
 * of the second factor (a lost phone) and sign-out on every device. Each confirms first; the
 * member is told by a notification.
 */
export const MemberSecurityActions = ({
  member,
}: {
  member: { id: string; userId: string; name: string };
}) => {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<LoginUser>();
  // The hook's confirm renders in this tree, so it takes the app's theme (AA contrast), not antd's defaults.
  const [modal, confirmHolder] = Modal.useModal();
  const queries = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const key = ["member-security", member.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.get<MemberSecurity>(`/members/${member.id}/security`),
    enabled: isOpen,
  });

  const act = (confirmKey: string, okKey: string, run: () => Promise<string>) =>
    modal.confirm({
      title: t(confirmKey, { name: member.name }),
      okText: t(okKey),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        showToast({ message: await run(), color: "success" });
        await queries.invalidateQueries({ queryKey: key });
      },
    });

  const reset = () =>
    act("security.members.resetConfirm", "security.members.resetOk", async () => {
      await api.post(`/members/${member.id}/two-factor/reset`);
      return t("security.members.resetDone");
    });
  const signOutAll = () =>
    act("security.members.signOutAllConfirm", "security.members.signOutOk", async () => {
      const { revoked } = await api.post<{ revoked: number }>(
        `/members/${member.id}/sessions/revoke`,
      );
      return t("security.members.signOutAllDone", { count: revoked });
    });

  // One's own sign-in is managed on one's own Security page, with one's own code.
  if (me && String(me.id) === member.userId) return null;
  return (
    <>
      {confirmHolder}
      <Dropdown
        trigger={["click"]}
        onOpenChange={setOpen}
        menu={{
          items: [
            {
              key: "state",
              disabled: true,
              label: data
                ? `${t(data.isTwoFactorEnabled ? "security.members.twoFactorOn" : "security.members.twoFactorOff")} · ${t("security.members.activeSessions", { count: data.activeSessions })}`
                : t("loading"),
            },
            { type: "divider" },
            {
              key: "reset",
              label: t("security.members.resetTwoFactor"),
              disabled: !data?.isTwoFactorEnabled,
              onClick: reset,
            },
            {
              key: "sessions",
              label: t("security.members.signOutAll"),
              danger: true,
              disabled: !data?.activeSessions,
              onClick: signOutAll,
            },
          ],
        }}
      >
        <Button
          size="small"
          type="link"
          icon={<SafetyOutlined />}
          aria-label={t("security.members.actionLabel", { name: member.name })}
        >
          {t("security.members.action")} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </>
  );
};
