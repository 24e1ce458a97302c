import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { type BaseRecord, useDelete } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Modal, Popconfirm, Space } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

import { SchemaForm, SchemaList } from "../../schema-ui";

type Props = {
  caseId: string;
  /** A case's child resource: case-court-numbers, case-time-entries, case-payments, case-bills. */
  resource: string;
  title: string;
  canEdit: boolean;
  /** Whether a row may still be edited or deleted (a billed time entry may not). */
  isLocked?: (record: BaseRecord) => boolean;
  /** More row actions after edit and delete (issue or void a bill). */
  moreActions?: (record: BaseRecord) => ReactNode;
  createButton?: ReactNode;
};

/**
 * The rows of one of a case's parts, from that part's schema: its columns, a create and edit
 * dialog with the schema's form (the case filled in), and delete. The server checks the case's
 * permission and row scope on every call; this only hides what would be refused.
 */
export const CaseRecords = ({
  caseId,
  resource,
  title,
  canEdit,
  isLocked,
  moreActions,
  createButton,
}: Props) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const { mutateAsync: remove } = useDelete();
  // A change to any part changes the case's figures.
  const refresh = () => void queries.invalidateQueries({ queryKey: ["case-finance", caseId] });
  const mayChange = (r: BaseRecord) => canEdit && !isLocked?.(r);
  return (
    <>
      <SchemaList
        resource={resource}
        permanentFilters={[{ field: "caseId", operator: "eq", value: caseId }]}
        syncWithLocation={false}
        hideFilters
        subject="LAWFIRM_CASE_VIEW"
        createButton={
          createButton ??
          (canEdit ? (
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("cases.records.add", { what: title })}
            </Button>
          ) : null)
        }
        onOpen={(r) => mayChange(r) && setEditing(String(r.id))}
        rowActions={(r) => (
          <Space size={0} wrap>
            {mayChange(r) ? (
              <>
                <Button
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  aria-label={t("buttons.edit")}
                  onClick={() => setEditing(String(r.id))}
                />
                <Popconfirm
                  title={t("cases.records.deleteConfirm")}
                  onConfirm={() =>
                    remove({
                      resource,
                      id: String(r.id),
                      successNotification: { type: "success", message: t("cases.records.deleted") },
                    }).then(refresh, () => undefined)
                  }
                >
                  <Button
                    size="small"
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("buttons.delete")}
                  />
                </Popconfirm>
              </>
            ) : null}
            {moreActions?.(r)}
          </Space>
        )}
      />
      <Modal
        open={editing !== null}
        title={title}
        footer={null}
        width={760}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <SchemaForm
            resource={resource}
            id={editing === "new" ? undefined : editing}
            defaults={{ caseId }}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
};
