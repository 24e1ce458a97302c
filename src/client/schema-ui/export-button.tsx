import { DownloadOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../layout/toast";
import { downloadFile, toQuery } from "./download";

/** Exports the list as it is filtered and sorted now; the server streams the xlsx. */
export const ExportButton = ({
  resource,
  filters,
  sorters,
}: {
  resource: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
}) => {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await downloadFile(`/${resource}/export`, {
        params: toQuery(filters, sorters),
        name: `${resource}-${new Date().toISOString().slice(0, 10)}.xlsx`,
      });
      showToast(
        result.ok
          ? { message: t("schemaUi.export.done"), color: "success" }
          : { message: result.message || t("errors.serverBusy"), color: "error" },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={isBusy} onClick={() => void run()}>
      {isBusy ? t("schemaUi.export.running") : t("schemaUi.toolbar.export")}
    </Button>
  );
};
