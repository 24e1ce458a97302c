import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  MoreOutlined,
  SwapOutlined,
} from "@ant-design/icons";
import { useDelete, useUpdate } from "@refinedev/core";
import { Button, Dropdown, Input, Modal, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { useAntdTable } from "../../lib/use-antd-table";
import { downloadByTicket } from "../../lib/file-transfer";
import { MoveModal } from "./move-modal";
import { NameModal } from "./name-modal";
import { canPreview } from "./preview-modal";
import { type DocFile, type DocFolder, formatSize } from "./types";
import { firmTime } from "../../lib/firm-time";

type Props = {
  folderId: string | null;
  folders: DocFolder[];
  canUpdate: boolean;
  canDelete: boolean;
  onPreview: (file: DocFile) => void;
  onVersions: (file: DocFile) => void;
};

const when = (value: string | null) => (value ? firmTime(value) : "-");

/** The file list of the selected folder: search, sort, page, and the actions on one file. */
export const FileTable = ({
  folderId,
  folders,
  canUpdate,
  canDelete,
  onPreview,
  onVersions,
}: Props) => {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<DocFile | null>(null);
  const [moving, setMoving] = useState<DocFile | null>(null);
  const update = useUpdate<DocFile>();
  const remove = useDelete();
  const { tableProps, sortOrderOf, applyFilters } = useAntdTable<DocFile>({
    resource: "documents/files",
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    filters: {
      permanent: folderId ? [{ field: "folderId", operator: "eq", value: folderId }] : [],
    },
  });

  const save = (file: DocFile, values: Partial<DocFile>, done: string) =>
    update.mutate(
      {
        resource: "documents/files",
        id: file.id,
        values: { ...values, version: file.version },
        successNotification: false,
      },
      {
        onSuccess: () => {
          showToast({ message: t(done), color: "success" });
          setRenaming(null);
          setMoving(null);
        },
      },
    );

  const confirmDelete = (file: DocFile) =>
    Modal.confirm({
      title: t("documents.confirm.deleteFile", { name: file.name }),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync({ resource: "documents/files", id: file.id, successNotification: false })
          .then(() => {
            showToast({ message: t("documents.messages.deleted"), color: "success" });
          }),
    });

  const actions = (file: DocFile) => (
    <Space size={0}>
      {canPreview(file) && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          aria-label={`${t("documents.actions.preview")} ${file.name}`}
          onClick={() => onPreview(file)}
        />
      )}
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`${t("documents.actions.download")} ${file.name}`}
        onClick={() => void downloadByTicket({ fileId: file.id })}
      />
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            {
              key: "versions",
              icon: <HistoryOutlined />,
              label: t("documents.actions.versions"),
              onClick: () => onVersions(file),
            },
            ...(canUpdate
              ? [
                  {
                    key: "rename",
                    icon: <EditOutlined />,
                    label: t("documents.actions.rename"),
                    onClick: () => setRenaming(file),
                  },
                  {
                    key: "move",
                    icon: <SwapOutlined />,
                    label: t("documents.actions.move"),
                    onClick: () => setMoving(file),
                  },
                ]
              : []),
            ...(canDelete
              ? [
                  {
                    key: "delete",
                    danger: true,
                    icon: <DeleteOutlined />,
                    label: t("documents.actions.delete"),
                    onClick: () => confirmDelete(file),
                  },
                ]
              : []),
          ],
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={`${t("documents.actions.more")} ${file.name}`}
        />
      </Dropdown>
    </Space>
  );

  return (
    <>
      <div className="doc-table-bar">
        <Input.Search
          allowClear
          placeholder={t("documents.search")}
          aria-label={t("documents.search")}
          className="doc-search"
          onSearch={(value) =>
            applyFilters([{ field: "name", operator: "contains", value: value.trim() }])
          }
        />
      </div>
      <Table<DocFile>
        {...tableProps}
        rowKey="id"
        size="middle"
        // Fits the panel at 1440 px without scrolling (created-at shows from 1600 px): when the columns
        // are wider than the panel, the sticky actions column covers the last of them.
        scroll={{ x: 880 }}
        locale={{ emptyText: t("documents.messages.empty") }}
        pagination={{
          ...(tableProps.pagination || {}),
          showSizeChanger: true,
          pageSizeOptions: [5, 10, 20, 50, 100],
          showTotal: (total) => t("table.total", { total }),
        }}
      >
        <Table.Column<DocFile>
          key="name"
          dataIndex="name"
          title={t("documents.fields.name")}
          sorter
          sortOrder={sortOrderOf("name")}
          ellipsis
        />
        <Table.Column<DocFile>
          key="receiptDate"
          dataIndex="receiptDate"
          width={110}
          title={t("documents.fields.receiptDate")}
          sorter
          sortOrder={sortOrderOf("receiptDate")}
          render={(v: string | null) => v ?? "-"}
        />
        <Table.Column<DocFile>
          key="folderName"
          dataIndex="folderName"
          width={120}
          title={t("documents.fields.folder")}
          render={(v: string | null) => v ?? t("documents.tree.root")}
        />
        <Table.Column<DocFile>
          key="size"
          dataIndex="size"
          width={90}
          title={t("documents.fields.size")}
          sorter
          sortOrder={sortOrderOf("size")}
          render={formatSize}
        />
        <Table.Column<DocFile>
          key="uploaderName"
          dataIndex="uploaderName"
          width={90}
          title={t("documents.fields.uploader")}
        />
        <Table.Column<DocFile>
          key="createdAt"
          dataIndex="createdAt"
          width={140}
          responsive={["xxl"]}
          title={t("documents.fields.createdAt")}
          sorter
          sortOrder={sortOrderOf("createdAt")}
          render={when}
        />
        <Table.Column<DocFile>
          key="updatedAt"
          dataIndex="updatedAt"
          width={140}
          title={t("documents.fields.updatedAt")}
          sorter
          sortOrder={sortOrderOf("updatedAt")}
          render={when}
        />
        <Table.Column<DocFile>
          key="actions"
          width={120}
          fixed="right"
          render={(_, file) => actions(file)}
        />
      </Table>
      <NameModal
        open={Boolean(renaming)}
        title={t("documents.actions.rename")}
        label={t("documents.fields.name")}
        initial={renaming?.name}
        isSaving={update.mutation.isPending}
        onSubmit={(name) => renaming && save(renaming, { name }, "documents.messages.renamed")}
        onCancel={() => setRenaming(null)}
      />
      <MoveModal
        open={Boolean(moving)}
        folders={folders}
        onSubmit={(target) =>
          moving && save(moving, { folderId: target }, "documents.messages.moved")
        }
        onCancel={() => setMoving(null)}
      />
    </>
  );
};
