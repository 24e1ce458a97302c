import { useCustomMutation } from "@refinedev/core";
import { Button, Flex, Form, Input } from "antd";
import { useTranslation } from "react-i18next";

import { closeGlobalDialog } from "../../layout/global-dialog";
import { showToast } from "../../layout/toast";

type Values = { oldPassword: string; newPassword: string; confirm: string };

const MIN_LENGTH = 8;

/** Shown in the global dialog; the server signs out the user's other sessions on success. */
export const PasswordDialog = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation();

  const onFinish = async ({ oldPassword, newPassword }: Values) => {
    try {
      await mutateAsync({
        url: "/api/profile/password",
        method: "post",
        values: { oldPassword, newPassword },
        successNotification: false,
      });
      showToast({ message: t("pages.profile.password.changed"), color: "success" });
      closeGlobalDialog();
    } catch {
      // The error catalogue has toasted the server's message; the typed values stay.
    }
  };

  return (
    <div aria-labelledby="password-dialog-title">
      <h2 id="password-dialog-title" className="global-dialog-title">
        {t("pages.profile.password.title")}
      </h2>
      <p className="text-secondary">{t("pages.profile.password.hint")}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        requiredMark={false}
      >
        <Form.Item
          name="oldPassword"
          label={t("pages.profile.password.old")}
          rules={[{ required: true, message: t("pages.profile.password.required") }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t("pages.profile.password.new")}
          rules={[
            { required: true, message: t("pages.profile.password.required") },
            { min: MIN_LENGTH, message: t("pages.profile.password.tooShort", { min: MIN_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t("pages.profile.password.confirm")}
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: t("pages.profile.password.required") },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("newPassword")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("pages.profile.password.mismatch"))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
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
