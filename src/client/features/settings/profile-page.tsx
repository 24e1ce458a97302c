import { LockOutlined } from "@ant-design/icons";
import { useCustomMutation, useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { Button, Col, Form, Input, Row, Skeleton, Tag } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";

import { checkFormat, formatMessageKey, type MemberFormat } from "../../../shared/validators";
import { useGlobalDialog } from "../../layout/global-dialog";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { displayName, type LoginUser } from "../../providers/session";
import { AvatarUpload } from "./avatar-upload";
import { PasswordDialog } from "./password-dialog";

type Values = { name: string; nameSuffix: string; email: string; phone: string };

/** The same format checks the server runs (src/shared/validators), with the same messages. */
const formatRule = (format: MemberFormat, message: string): Rule => ({
  validator: (_, value) => (checkFormat(format, value) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** The signed-in user's own details: name, suffix, contact, avatar and password. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { data: user, isLoading } = useGetIdentity<LoginUser>();
  const { mutateAsync, mutation } = useCustomMutation();

  const onFinish = async (values: Values) => {
    try {
      await mutateAsync({ url: "/api/profile", method: "put", values, successNotification: false });
      await invalidateAuthStore();
      showToast({ message: t("pages.profile.saved"), color: "success" });
    } catch {
      // Shown by the error catalogue; the form keeps what was typed.
    }
  };

  const fieldMessage = (format: MemberFormat) => t(formatMessageKey(format));

  return (
    <>
      <PageHeader
        title={t("pages.profile.title")}
        extra={
          <Button icon={<LockOutlined />} onClick={() => dialog.open(<PasswordDialog />, { props: { "aria-label": t("pages.profile.password.title") } })}>
            {t("pages.profile.password.title")}
          </Button>
        }
      />
      <PagePanel>
        {isLoading || !user ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : (
          <>
            <div className="profile-avatar-row">
              <AvatarUpload user={user} />
              <div>
                <div className="profile-name">{displayName(user)}</div>
                <div className="text-secondary">
                  {user.username} · {user.workspace ? <Tag color="blue">{user.workspace.name}</Tag> : t("pages.profile.empty")}
                </div>
              </div>
            </div>
            <Form<Values>
              layout="vertical"
              style={{ marginTop: 24, maxWidth: 720 }}
              initialValues={{
                name: user.name,
                nameSuffix: user.nameSuffix ?? "",
                email: user.email ?? "",
                phone: user.phone ?? "",
              }}
              onFinish={(values) => void onFinish(values)}
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="name"
                    label={t("pages.profile.fields.name")}
                    rules={[
                      { required: true, message: t("pages.profile.required") },
                      formatRule("memberName", fieldMessage("memberName")),
                    ]}
                  >
                    <Input maxLength={50} autoComplete="name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="nameSuffix"
                    label={t("pages.profile.fields.nameSuffix")}
                    rules={[formatRule("zhEnSymbols", fieldMessage("zhEnSymbols"))]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="email"
                    label={t("pages.profile.fields.email")}
                    rules={[formatRule("contactEmail", fieldMessage("contactEmail"))]}
                  >
                    <Input maxLength={200} autoComplete="email" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="phone"
                    label={t("pages.profile.fields.phone")}
                    rules={[formatRule("phone", fieldMessage("phone"))]}
                  >
                    <Input maxLength={30} autoComplete="tel" />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t("buttons.save")}
              </Button>
            </Form>
          </>
        )}
      </PagePanel>
    </>
  );
};
