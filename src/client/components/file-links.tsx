import { DownloadOutlined, FileOutlined } from "@ant-design/icons";
import { useQueries } from "@tanstack/react-query";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";

import { api } from "../lib/api";
import { useCan } from "../routing/use-can";
import { downloadByTicket } from "../lib/file-transfer";

const idsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * Files named by id: their names (from Documents when the viewer may read it, else `names`, which
 * the record's own answer gave) and a download each.
 */
export const FileLinks = ({
  ids,
  instanceId,
  names: given,
}: {
  ids: unknown;
  instanceId?: string;
  names?: Record<string, string>;
}) => {
  const { t } = useTranslation();
  const list = idsOf(ids);
  // Without rights on Documents the names are not asked for (the answer would be a 403).
  const canRead = useCan()("read", "LAWFIRM_DOCUMENT_VIEW");
  const names = useQueries({
    queries: list.map((id) => ({
      queryKey: ["file-name", id],
      // A viewer without rights on Documents still sees the file is there, just not its name.
      queryFn: async () =>
        (await api.get<{ name: string }>(`/documents/files/${id}`, { skipErrorHandler: true }))
          .name,
      retry: false,
      enabled: canRead,
      staleTime: 60_000,
    })),
  });
  if (list.length === 0)
    return <span className="text-muted">{t("contracts.messages.noFiles")}</span>;
  return (
    <Space direction="vertical" size={2}>
      {list.map((id, i) => (
        <Space key={id} size={4}>
          <FileOutlined aria-hidden />
          <span>{names[i]?.data || given?.[id] || t("contracts.messages.file", { n: i + 1 })}</span>
          <Button
            size="small"
            type="link"
            icon={<DownloadOutlined />}
            aria-label={t("contracts.actions.download")}
            onClick={() =>
              void downloadByTicket(
                instanceId && !names[i]?.data ? { instanceId, fileId: id } : { fileId: id },
              )
            }
          />
        </Space>
      ))}
    </Space>
  );
};
