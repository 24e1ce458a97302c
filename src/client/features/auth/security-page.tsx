import { Flex } from "antd";
import { useTranslation } from "react-i18next";

import "./security.css";

import { PageHeader } from "../../layout/page-header";
import { SessionsPanel } from "./sessions-panel";
import { SignInHistoryPanel } from "./sign-in-history-panel";
import { TwoFactorPanel } from "./two-factor-panel";

/** Settings → Security: the signed-in user's second factor, signed-in devices and sign-in history. */
export const SecurityPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("security.menu")} />
      <Flex vertical gap={16}>
        <TwoFactorPanel />
        <SessionsPanel />
        <SignInHistoryPanel />
      </Flex>
    </>
  );
};
