import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Descriptions, Flex, Skeleton, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { PagePanel } from "../../layout/page-header";
import { firmTime } from "../../lib/firm-time";
import { SECURITY_KEYS, securityApi } from "./security-api";
import { TwoFactorCodeDialog } from "./two-factor-code-dialog";
import { TwoFactorSetupDialog } from "./two-factor-setup-dialog";

type Dialog = "setup" | "disable" | "regenerate" | null;

/** Settings → Security: the user's authenticator app, on or off, and its recovery codes. */
export const TwoFactorPanel = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: status } = useQuery({
    queryKey: SECURITY_KEYS.twoFactor,
    queryFn: securityApi.twoFactor,
  });
  const close = () => {
    setDialog(null);
    void queries.invalidateQueries({ queryKey: SECURITY_KEYS.twoFactor });
  };

  return (
    <PagePanel>
      <section aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="security-section">
          <SafetyCertificateOutlined aria-hidden /> {t("security.twoFactor.title")}
        </h2>
        <p className="text-secondary">{t("security.twoFactor.description")}</p>
        {!status ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Flex vertical gap={16}>
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                {
                  key: "status",
                  label: t("security.twoFactor.status"),
                  children: (
                    <Space wrap>
                      <Tag color={status.isEnabled ? "green" : "default"}>
                        {t(status.isEnabled ? "security.twoFactor.on" : "security.twoFactor.off")}
                      </Tag>
                      {status.enabledAt
                        ? t("security.twoFactor.enabledSince", { date: firmTime(status.enabledAt) })
                        : null}
                      {status.isRequired ? (
                        <Tag color="orange">{t("security.twoFactor.required")}</Tag>
                      ) : null}
                    </Space>
                  ),
                },
                ...(status.isEnabled
                  ? [
                      {
                        key: "codes",
                        label: t("security.twoFactor.codesLeft"),
                        children: status.recoveryCodesLeft,
                      },
                    ]
                  : []),
              ]}
            />
            <Space wrap>
              {status.isEnabled ? (
                <>
                  <Button onClick={() => setDialog("regenerate")}>
                    {t("security.twoFactor.regenerate")}
                  </Button>
                  {status.isRequired ? null : (
                    <Button danger onClick={() => setDialog("disable")}>
                      {t("security.twoFactor.disable")}
                    </Button>
                  )}
                </>
              ) : (
                <Button type="primary" onClick={() => setDialog("setup")}>
                  {t("security.twoFactor.enable")}
                </Button>
              )}
            </Space>
          </Flex>
        )}
      </section>
      {dialog === "setup" ? <TwoFactorSetupDialog onClose={close} /> : null}
      {dialog === "disable" || dialog === "regenerate" ? (
        <TwoFactorCodeDialog purpose={dialog} onClose={close} />
      ) : null}
    </PagePanel>
  );
};
