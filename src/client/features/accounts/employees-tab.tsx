import { PlusOutlined } from "@ant-design/icons";
import { type BaseRecord, useDelete, useInvalidate } from "@refinedev/core";
import { Button, Drawer, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import { SchemaForm, SchemaList } from "../../schema-ui";

const RESOURCE = "account-employees";

/** An organization's employees: the generic list filtered to it, forms in a drawer. */
/** `editable`: the server allows editing this very client (row-scoped roles). */
export const EmployeesTab = ({
  accountId,
  editable = true,
}: {
  accountId: string;
  editable?: boolean;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = editable && can("update", "LAWFIRM_CUSTOMER_VIEW");
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  const close = () => {
    setEditing(null);
    void invalidate({ resource: RESOURCE, invalidates: ["list"] });
  };
  return (
    <>
      <SchemaList
        resource={RESOURCE}
        syncWithLocation={false}
        hideFilters
        permanentFilters={[{ field: "accountId", operator: "eq", value: accountId }]}
        createButton={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
              {t("accounts.employees.create")}
            </Button>
          ) : null
        }
        rowActions={(record: BaseRecord) =>
          canEdit ? (
            <Space>
              <Button size="small" type="link" onClick={() => setEditing(String(record.id))}>
                {t("buttons.edit")}
              </Button>
              <Popconfirm
                title={t("schemaUi.deleteConfirm")}
                onConfirm={() => remove({ resource: RESOURCE, id: String(record.id) })}
              >
                <Button size="small" type="link" danger>
                  {t("buttons.delete")}
                </Button>
              </Popconfirm>
            </Space>
          ) : null
        }
      />
      <Drawer
        open={editing !== null}
        width={720}
        destroyOnHidden
        title={t(editing === "new" ? "accounts.employees.create" : "accounts.employees.edit")}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <SchemaForm
            resource={RESOURCE}
            id={editing === "new" ? undefined : editing}
            defaults={{ accountId }}
            onSaved={close}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </>
  );
};
