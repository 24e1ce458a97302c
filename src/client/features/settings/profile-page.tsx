import { EditOutlined, LockOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Button, Descriptions, Flex, Spin, Tag } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { useGlobalDialog } from "../../layout/global-dialog";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { displayName, type LoginUser } from "../../providers/session";
import { AvatarUpload } from "./avatar-upload";

// The forms load when opened: the profile is the first screen of many users (bench/web).
const ProfileForm = lazy(() => import("./profile-form").then((m) => ({ default: m.ProfileForm })));
const PasswordDialog = lazy(() =>
  import("./password-dialog").then((m) => ({ default: m.PasswordDialog })),
);

const loading = (
  <Flex justify="center" style={{ padding: 32 }}>
    <Spin />
  </Flex>
);

/** The signed-in user's details; editing and the password change open in the global dialog. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const navigate = useNavigate();
  const { data: user, isLoading } = useGetIdentity<LoginUser>();
  const empty = t("pages.profile.empty");

  const openPassword = () =>
    dialog.open(
      <Suspense fallback={loading}>
        <PasswordDialog />
      </Suspense>,
      {
        props: { "aria-label": t("pages.profile.password.title") },
      },
    );
  const openEdit = (current: LoginUser) =>
    dialog.open(
      <Suspense fallback={loading}>
        <ProfileForm user={current} />
      </Suspense>,
      {
        props: { "aria-label": t("pages.profile.edit") },
      },
    );

  return (
    <>
      <PageHeader
        title={t("pages.profile.title")}
        extra={
          <Flex gap={8} wrap>
            <Button icon={<EditOutlined />} disabled={!user} onClick={() => user && openEdit(user)}>
              {t("pages.profile.edit")}
            </Button>
            <Button icon={<LockOutlined />} onClick={openPassword}>
              {t("pages.profile.password.title")}
            </Button>
            {/* Two-factor sign-in, signed-in devices and sign-in history live on their own page. */}
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={() => navigate("/settings/security")}
            >
              {t("security.menu")}
            </Button>
          </Flex>
        }
      />
      <PagePanel>
        {isLoading || !user ? (
          loading
        ) : (
          <Flex vertical gap={24}>
            <div className="profile-avatar-row">
              <AvatarUpload user={user} />
              <div>
                <div className="profile-name">{displayName(user)}</div>
                <div className="text-secondary">{user.workspace?.name ?? empty}</div>
              </div>
            </div>
            <Descriptions
              bordered
              column={{ xs: 1, sm: 1, md: 2 }}
              items={[
                { key: "name", label: t("pages.profile.fields.name"), children: user.name },
                {
                  key: "nameSuffix",
                  label: t("pages.profile.fields.nameSuffix"),
                  children: user.nameSuffix || empty,
                },
                {
                  key: "username",
                  label: t("pages.profile.fields.username"),
                  children: user.username,
                },
                {
                  key: "email",
                  label: t("pages.profile.fields.email"),
                  children: user.email || empty,
                },
                {
                  key: "phone",
                  label: t("pages.profile.fields.phone"),
                  children: user.phone || empty,
                },
                {
                  key: "workspace",
                  label: t("pages.profile.fields.workspace"),
                  children: user.workspace ? <Tag color="blue">{user.workspace.name}</Tag> : empty,
                },
              ]}
            />
          </Flex>
        )}
      </PagePanel>
    </>
  );
};
