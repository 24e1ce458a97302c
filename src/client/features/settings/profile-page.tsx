import { useGetIdentity } from "@refinedev/core";
import { Avatar, Descriptions, Flex, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { displayName, type LoginUser } from "../../providers/session";

/** Read-only profile of the signed-in user (editing lives in the user center). */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { data: user, isLoading } = useGetIdentity<LoginUser>();
  const empty = t("pages.profile.empty");

  return (
    <>
      <PageHeader title={t("pages.profile.title")} />
      <PagePanel>
        {isLoading || !user ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : (
          <Flex vertical gap={24}>
            <Flex align="center" gap={16}>
              <Avatar size={64} src={user.avatarUrl || undefined} className="user-avatar">
                {user.name.slice(0, 1)}
              </Avatar>
              <div>
                <div className="profile-name">{displayName(user)}</div>
                <div className="text-secondary">{user.workspace?.name ?? empty}</div>
              </div>
            </Flex>
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
                { key: "email", label: t("pages.profile.fields.email"), children: user.email || empty },
                { key: "phone", label: t("pages.profile.fields.phone"), children: user.phone || empty },
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
