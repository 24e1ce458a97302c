import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

import { CODE_PATTERN, cleanCode } from "./security-api";

/** The 6-digit authenticator code: numeric keyboard on phones, filled by password managers. */
export const CodeField = ({ label, autoFocus }: { label: string; autoFocus?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={label}
      normalize={cleanCode}
      rules={[
        { required: true, pattern: CODE_PATTERN, message: t("security.twoFactor.codeInvalid") },
      ]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        style={{ width: 160, letterSpacing: 2 }}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
};
