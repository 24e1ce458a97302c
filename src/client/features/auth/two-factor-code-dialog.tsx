import { Button, Flex, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { CodeField } from "./code-field";
import { RecoveryCodes } from "./recovery-codes";
import { securityApi } from "./security-api";

type Values = { password?: string; code: string };

/**
 * A change that weakens or re-issues the second factor asks for a current code (and, to turn it
 * off, the password), so a session left open on a colleague's desk cannot do it.
 */
export const TwoFactorCodeDialog = ({
  purpose,
  onClose,
}: {
  purpose: "disable" | "regenerate";
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isDisable = purpose === "disable";

  const submit = async ({ password, code }: Values) => {
    setSaving(true);
    try {
      if (isDisable) {
        await securityApi.disable(password ?? "", code);
        showToast({ message: t("security.twoFactor.disabled"), color: "success" });
        onClose();
      } else {
        setCodes((await securityApi.regenerate(code)).recoveryCodes);
      }
    } catch {
      // The toast said why; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const title = codes
    ? "security.twoFactor.codesTitle"
    : isDisable
      ? "security.twoFactor.disableTitle"
      : "security.twoFactor.regenerate";
  return (
    <Modal
      open
      title={t(title)}
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={480}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
          <p>
            {t(isDisable ? "security.twoFactor.disableHint" : "security.twoFactor.regenerateHint")}
          </p>
          {isDisable ? (
            <Form.Item
              name="password"
              label={t("security.twoFactor.password")}
              rules={[{ required: true, message: t("security.twoFactor.passwordRequired") }]}
            >
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
          ) : null}
          <CodeField label={t("security.twoFactor.code")} autoFocus={!isDisable} />
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t("buttons.cancel")}</Button>
            <Button type="primary" danger={isDisable} htmlType="submit" loading={isSaving}>
              {t(isDisable ? "security.twoFactor.disable" : "security.twoFactor.regenerate")}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
};
