import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderAddOutlined,
  RestOutlined,
  SwapOutlined,
} from "@ant-design/icons";
import {
  useCreate,
  useCustom,
  useDelete,
  useInvalidate,
  useList,
  useUpdate,
} from "@refinedev/core";
import { Button, Modal, Result, Space, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { useCan } from "../../routing/use-can";
import { downloadByTicket } from "../../lib/file-transfer";
import { FileTable } from "./file-table";
import { ALL, FolderTree } from "./folder-tree";
import { MoveModal } from "./move-modal";
import { NameModal } from "./name-modal";
import { PreviewModal } from "./preview-modal";
import { TrashDrawer } from "./trash-drawer";
import { DOC_SUBJECT, type DocFile, type DocFolder, formatSize, type Usage } from "./types";
import { UploadPanel } from "./upload-panel";
import { VersionsDrawer } from "./versions-drawer";
import "./documents.css";

/** Shown instead of the page when the user may not read documents. */
export const NoPermission = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t("documents.noPermission")}
      subTitle={t("documents.noPermissionHint")}
    />
  );
};

/** The firm's document store: folder tree, file list, uploads, preview, versions and trash. */
export const DocumentPage = () => {
  const can = useCan();
  return can("read", DOC_SUBJECT) ? <DocumentManager /> : <NoPermission />;
};

const DocumentManager = () => {
  const { t } = useTranslation();
  const can = useCan();
  // ?folder=<id> opens that folder (a case's documents tab links here).
  const [search] = useSearchParams();
  const [selected, setSelected] = useState(search.get("folder") ?? ALL);
  const [naming, setNaming] = useState<"create" | "rename" | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const [preview, setPreview] = useState<DocFile | null>(null);
  const [versionsOf, setVersionsOf] = useState<DocFile | null>(null);
  const [isTrashOpen, setIsTrashOpen] = useState(false);
  const { result: folderList, query: folderQuery } = useList<DocFolder>({
    resource: "documents/folders",
    pagination: { mode: "off" },
  });
  const { result: usageResult, query: usageQuery } = useCustom<Usage>({
    url: "/api/documents/usage",
    method: "get",
  });
  const invalidate = useInvalidate();
  const create = useCreate<DocFolder>();
  const update = useUpdate<DocFolder>();
  const remove = useDelete();
  const folders = folderList.data;
  const folder = folders.find((f) => f.id === selected) ?? null;
  const usage = usageResult.data;
  const canCreate = can("create", DOC_SUBJECT);
  const canUpdate = can("update", DOC_SUBJECT);
  const canDelete = can("delete", DOC_SUBJECT);

  if (folderQuery.error?.statusCode === 403) return <NoPermission />;

  const saveName = (name: string) => {
    const done = () => {
      setNaming(null);
      void folderQuery.refetch();
    };
    if (naming === "create") {
      create.mutate(
        {
          resource: "documents/folders",
          values: { name, parentId: folder?.id ?? null },
          successNotification: false,
        },
        {
          onSuccess: () => {
            showToast({ message: t("documents.messages.folderCreated"), color: "success" });
            done();
          },
        },
      );
    } else if (folder) {
      update.mutate(
        {
          resource: "documents/folders",
          id: folder.id,
          values: { name, version: folder.version },
          successNotification: false,
        },
        {
          onSuccess: () => {
            showToast({ message: t("documents.messages.renamed"), color: "success" });
            done();
          },
        },
      );
    }
  };

  const moveFolder = (parentId: string | null) =>
    folder &&
    update.mutate(
      {
        resource: "documents/folders",
        id: folder.id,
        values: { parentId, version: folder.version },
        successNotification: false,
      },
      {
        onSuccess: () => {
          showToast({ message: t("documents.messages.moved"), color: "success" });
          setIsMoving(false);
        },
      },
    );

  const deleteFolder = () =>
    folder &&
    Modal.confirm({
      title: t("documents.confirm.deleteFolder", { name: folder.name }),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync({ resource: "documents/folders", id: folder.id, successNotification: false })
          .then(() => {
            showToast({ message: t("documents.messages.deleted"), color: "success" });
            setSelected(ALL);
          }),
    });

  const downloadZip = () => {
    if (!folder) return;
    showToast({ message: t("documents.messages.zipStarted"), color: "info", key: "zip" });
    void downloadByTicket({ folderId: folder.id });
  };

  const refresh = () => {
    void invalidate({ resource: "documents/files", invalidates: ["list"] });
    void folderQuery.refetch();
    void usageQuery.refetch();
  };

  return (
    <>
      <PageHeader
        title={t("documents.titles.list")}
        extra={
          <Space>
            {usage && (
              <Typography.Text type="secondary">
                {t("documents.usage", {
                  used: formatSize(usage.usedBytes),
                  quota: formatSize(usage.quotaBytes),
                })}
              </Typography.Text>
            )}
            {canDelete && (
              <Button icon={<RestOutlined />} onClick={() => setIsTrashOpen(true)}>
                {t("documents.actions.trash")}
              </Button>
            )}
          </Space>
        }
      />
      <div className="doc-layout">
        <PagePanel className="doc-side">
          <div className="doc-side-bar">
            {canCreate && (
              <Tooltip title={t("documents.actions.newFolder")}>
                <Button
                  size="small"
                  icon={<FolderAddOutlined />}
                  aria-label={t("documents.actions.newFolder")}
                  onClick={() => setNaming("create")}
                />
              </Tooltip>
            )}
            {canUpdate && (
              <>
                <Tooltip title={t("documents.actions.rename")}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    disabled={!folder}
                    aria-label={t("documents.actions.rename")}
                    onClick={() => setNaming("rename")}
                  />
                </Tooltip>
                <Tooltip title={t("documents.actions.move")}>
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    disabled={!folder}
                    aria-label={t("documents.actions.move")}
                    onClick={() => setIsMoving(true)}
                  />
                </Tooltip>
              </>
            )}
            {canDelete && (
              <Tooltip title={t("documents.actions.delete")}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!folder}
                  aria-label={t("documents.actions.delete")}
                  onClick={deleteFolder}
                />
              </Tooltip>
            )}
            <Tooltip title={t("documents.actions.downloadZip")}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!folder}
                aria-label={t("documents.actions.downloadZip")}
                onClick={downloadZip}
              />
            </Tooltip>
          </div>
          <FolderTree folders={folders} selected={selected} onSelect={setSelected} />
        </PagePanel>
        <div className="doc-main">
          {canCreate && usage && (
            <PagePanel>
              <UploadPanel
                folderId={folder?.id ?? null}
                folderName={folder?.name ?? t("documents.tree.root")}
                maxFileBytes={usage.maxFileBytes}
                onUploaded={refresh}
              />
            </PagePanel>
          )}
          <PagePanel>
            <FileTable
              folderId={folder?.id ?? null}
              folders={folders}
              canUpdate={canUpdate}
              canDelete={canDelete}
              onPreview={setPreview}
              onVersions={setVersionsOf}
            />
          </PagePanel>
        </div>
      </div>
      <NameModal
        open={naming !== null}
        title={t(naming === "rename" ? "documents.actions.rename" : "documents.actions.newFolder")}
        label={t("documents.fields.folderName")}
        initial={naming === "rename" ? folder?.name : ""}
        isSaving={create.mutation.isPending || update.mutation.isPending}
        onSubmit={saveName}
        onCancel={() => setNaming(null)}
      />
      <MoveModal
        open={isMoving}
        folders={folders}
        excludeId={folder?.id}
        onSubmit={moveFolder}
        onCancel={() => setIsMoving(false)}
      />
      <PreviewModal file={preview} onClose={() => setPreview(null)} />
      <VersionsDrawer file={versionsOf} canUpdate={canUpdate} onClose={() => setVersionsOf(null)} />
      {canDelete && <TrashDrawer open={isTrashOpen} onClose={() => setIsTrashOpen(false)} />}
    </>
  );
};
