import { useCustomMutation, useInvalidateAuthStore } from "@refinedev/core";
import { Button, Flex, Form, Input } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";

import { checkFormat, formatMessageKey, type MemberFormat } from "../../../shared/validators";
import { closeGlobalDialog } from "../../layout/global-dialog";
import { showToast } from "../../layout/toast";
import type { LoginUser } from "../../providers/session";

type Values = { name: string; nameSuffix: string; email: string; phone: string };

/** The same format checks the server runs (src/shared/validators), with the same messages. */
const formatRule = (format: MemberFormat, message: string): Rule => ({
  validator: (_, value) =>
    checkFormat(format, value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Edits name, suffix and contact details; opened in the global dialog from the profile page. */
export const ProfileForm = ({ user }: { user: LoginUser }) => {
  const { t } = useTranslation();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { mutateAsync, mutation } = useCustomMutation();

  const onFinish = async (values: Values) => {
    try {
      await mutateAsync({ url: "/api/profile", method: "put", values, successNotification: false });
      await invalidateAuthStore();
      showToast({ message: t("pages.profile.saved"), color: "success" });
      closeGlobalDialog();
    } catch {
      // Shown by the error catalogue; the form keeps what was typed.
    }
  };

  const fieldMessage = (format: MemberFormat) => t(formatMessageKey(format));

  return (
    <div>
      <h2 className="global-dialog-title">{t("pages.profile.edit")}</h2>
      <Form<Values>
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{
          name: user.name,
          nameSuffix: user.nameSuffix ?? "",
          email: user.email ?? "",
          phone: user.phone ?? "",
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <div className="profile-form-grid">
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
          <Form.Item
            name="nameSuffix"
            label={t("pages.profile.fields.nameSuffix")}
            rules={[formatRule("zhEnSymbols", fieldMessage("zhEnSymbols"))]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t("pages.profile.fields.email")}
            rules={[formatRule("contactEmail", fieldMessage("contactEmail"))]}
          >
            <Input maxLength={200} autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t("pages.profile.fields.phone")}
            rules={[formatRule("phone", fieldMessage("phone"))]}
          >
            <Input maxLength={30} autoComplete="tel" />
          </Form.Item>
        </div>
        <Flex justify="end" gap={8}>
          <Button onClick={closeGlobalDialog}>{t("buttons.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("buttons.save")}
          </Button>
        </Flex>
      </Form>
    </div>
  );
};
