import { useQuery } from "@tanstack/react-query";
import { Button, Flex, Form, Modal, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { CodeField } from "./code-field";
import { RecoveryCodes } from "./recovery-codes";
import { securityApi } from "./security-api";

/** "LAWM ANAG EDEM …": easier to copy into an app by hand than 32 letters in a row. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Turning two-factor sign-in on: scan the QR code (or type the key), confirm with the first code,
 * then the recovery codes, shown this once.
 */
export const TwoFactorSetupDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isSaving, setSaving] = useState(false);
  // A new secret each time the dialog opens; the server keeps it waiting for its first code.
  const { data: setup } = useQuery({
    queryKey: ["security", "setup"],
    queryFn: securityApi.setup,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

  const confirm = async ({ code }: { code: string }) => {
    setSaving(true);
    try {
      const done = await securityApi.enable(code);
      setCodes(done.recoveryCodes);
      showToast({ message: t("security.twoFactor.enabled"), color: "success" });
    } catch {
      // The toast said why; the code box keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(codes ? "security.twoFactor.codesTitle" : "security.twoFactor.setupTitle")}
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={520}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : !setup ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void confirm(v)}>
          <p>{t("security.twoFactor.scan")}</p>
          <Flex justify="center">
            <img
              className="security-qr"
              src={setup.qrDataUrl}
              alt={t("security.twoFactor.qrAlt")}
              width={192}
              height={192}
            />
          </Flex>
          <p id="two-factor-secret-label">{t("security.twoFactor.secret")}</p>
          <Typography.Paragraph
            className="security-secret"
            copyable={{ text: setup.secret }}
            aria-labelledby="two-factor-secret-label"
          >
            <code>{grouped(setup.secret)}</code>
          </Typography.Paragraph>
          <CodeField label={t("security.twoFactor.code")} />
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t("buttons.cancel")}</Button>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              {t("security.twoFactor.confirm")}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
};
