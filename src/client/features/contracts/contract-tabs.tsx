import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import { downloadByTicket } from "../../lib/file-transfer";
import { api } from "../../lib/api";
import { useMemberName } from "../../lib/members";
import { firmTime } from "../../lib/firm-time";

type Version = {
  versionNo: number;
  name: string;
  size: number;
  createdAt: string;
  createdBy: string;
};
type FileRow = {
  id: string;
  name: string;
  role: string;
  currentVersion: number;
  versions: Version[];
};

const time = (value: unknown) => (value ? firmTime(String(value)) : "");

/** The contract's files by role, each with its versions (newest first) and a download per version. */
export const FilesTab = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const canDownload = useCan()("read", "LAWFIRM_DOCUMENT_VIEW");
  const name = useMemberName();
  const { data = [], isLoading } = useQuery({
    queryKey: ["contract-files", id],
    queryFn: () => api.get<FileRow[]>(`/contracts/${id}/files`),
  });
  return (
    <Table<FileRow>
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data}
      pagination={false}
      scroll={{ x: 640 }}
      expandable={{
        rowExpandable: (r) => r.versions.length > 0,
        expandedRowRender: (r) => (
          <Table<Version>
            rowKey="versionNo"
            size="small"
            pagination={false}
            dataSource={r.versions}
            columns={[
              {
                title: t("contracts.files.version"),
                dataIndex: "versionNo",
                render: (v: number) => `v${v}`,
              },
              { title: t("contracts.files.name"), dataIndex: "name" },
              {
                title: t("contracts.files.uploadedBy"),
                dataIndex: "createdBy",
                render: (v: string) => name(v),
              },
              { title: t("contracts.files.uploadedAt"), dataIndex: "createdAt", render: time },
              {
                title: t("contracts.files.actions"),
                key: "dl",
                render: (_: unknown, v: Version) =>
                  canDownload ? (
                    <Button
                      size="small"
                      type="link"
                      icon={<DownloadOutlined />}
                      onClick={() => void downloadByTicket({ fileId: r.id, version: v.versionNo })}
                    >
                      {t("contracts.actions.download")}
                    </Button>
                  ) : null,
              },
            ]}
          />
        ),
      }}
      columns={[
        { title: t("contracts.files.name"), dataIndex: "name" },
        {
          title: t("contracts.files.role"),
          dataIndex: "role",
          render: (v: string) => <Tag>{t(`contracts.files.roles.${v}`)}</Tag>,
        },
        {
          title: t("contracts.files.version"),
          dataIndex: "currentVersion",
          render: (v: number) => `v${v}`,
        },
        {
          title: t("contracts.files.actions"),
          key: "dl",
          render: (_: unknown, r: FileRow) =>
            canDownload ? (
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void downloadByTicket({ fileId: r.id })}
              >
                {t("contracts.actions.download")}
              </Button>
            ) : null,
        },
      ]}
    />
  );
};
