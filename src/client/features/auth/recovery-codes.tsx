import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex } from "antd";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";

/** The ten recovery codes, shown once: copy, download, and a clear "saved" to leave. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  const text = `${t("security.twoFactor.codesFileTitle")}\n\n${codes.join("\n")}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(codes.join("\n"));
    showToast({ message: t("security.twoFactor.copied"), color: "success" });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "law-manage-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon message={t("security.twoFactor.codesHelp")} />
      <ol className="security-codes" aria-label={t("security.twoFactor.codesTitle")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap justify="end">
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t("security.twoFactor.copy")}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t("security.twoFactor.download")}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t("security.twoFactor.done")}
        </Button>
      </Flex>
    </Flex>
  );
};
