import { useCustomMutation, useInvalidate, useList } from "@refinedev/core";
import { Button, Drawer, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { formatSize, type TrashRow } from "./types";
import { firmTime } from "../../lib/firm-time";

/** What was deleted, by whom and when; restoring brings a folder back with its contents. */
export const TrashDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { result, query } = useList<TrashRow>({
    resource: "documents/trash",
    pagination: { mode: "off" },
    queryOptions: { enabled: open },
  });
  const restore = useCustomMutation();

  const onRestore = (row: TrashRow) =>
    restore.mutate(
      {
        url: "/api/documents/trash/restore",
        method: "post",
        values: { type: row.type, id: row.id },
      },
      {
        onSuccess: () => {
          showToast({ message: t("documents.messages.restored"), color: "success" });
          void query.refetch();
          void invalidate({ resource: "documents/files", invalidates: ["list"] });
          void invalidate({ resource: "documents/folders", invalidates: ["list"] });
        },
      },
    );

  return (
    <Drawer open={open} width={720} title={t("documents.titles.trash")} onClose={onClose}>
      <Table<TrashRow>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result.data}
        pagination={false}
        locale={{ emptyText: t("documents.trash.empty") }}
        scroll={{ x: 600 }}
      >
        <Table.Column<TrashRow> key="name" dataIndex="name" title={t("documents.fields.name")} />
        <Table.Column<TrashRow>
          key="type"
          dataIndex="type"
          width={80}
          title={t("documents.fields.type")}
          render={(v: string) => <Tag>{t(`documents.trash.${v}`)}</Tag>}
        />
        <Table.Column<TrashRow>
          key="size"
          dataIndex="size"
          width={90}
          title={t("documents.fields.size")}
          render={formatSize}
        />
        <Table.Column<TrashRow>
          key="deletedByName"
          dataIndex="deletedByName"
          width={100}
          title={t("documents.fields.deletedBy")}
        />
        <Table.Column<TrashRow>
          key="deletedAt"
          dataIndex="deletedAt"
          width={150}
          title={t("documents.fields.deletedAt")}
          render={(v: string) => firmTime(v)}
        />
        <Table.Column<TrashRow>
          key="actions"
          width={80}
          render={(_, row) => (
            <Button type="link" onClick={() => onRestore(row)}>
              {t("documents.actions.restore")}
            </Button>
          )}
        />
      </Table>
    </Drawer>
  );
};
