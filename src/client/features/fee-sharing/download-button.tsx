import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { downloadFile } from "../../schema-ui/download";

/** Downloads a file the server makes (an xlsx, a PDF); a refusal shows the server's reason. */
export const DownloadButton = ({
  url,
  params,
  name,
  label,
  size,
  type,
}: {
  url: string;
  params?: Record<string, unknown>;
  name: string;
  label: string;
  size?: "small" | "middle";
  type?: "link" | "default";
}) => {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await downloadFile(url, { params, name });
      showToast(
        result.ok
          ? { message: t("feeSharing.export.done"), color: "success" }
          : { message: result.message || t("errors.serverBusy"), color: "error" },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isBusy}
      size={size}
      type={type}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
};
