import { PlusOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button, Drawer, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui";
import { SealUsageTable } from "../../components/seal-usage-table";
import { SealFormModal, type SealRecord } from "./seal-form-modal";

/** /seal/registry: the firm's seals (admins): add, edit, suspend or retire, and each seal's usage log. */
export const SealRegistry = () => {
  const { t } = useTranslation();
  const can = useCan();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<SealRecord | "new" | null>(null);
  const [viewing, setViewing] = useState<SealRecord | null>(null);
  const mayEdit = can("update", "ORG_DICTIONARY");
  const saved = async () => {
    setEditing(null);
    await invalidate({ resource: "seals", invalidates: ["list"] });
  };
  return (
    <>
      <PageHeader title={t("seals.titles.registry")} />
      <PagePanel>
        <SchemaList
          resource="seals"
          createButton={
            can("create", "ORG_DICTIONARY") ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
                {t("seals.actions.create")}
              </Button>
            ) : null
          }
          onOpen={(record) => setViewing(record as unknown as SealRecord)}
          rowActions={(record) =>
            mayEdit ? (
              <Button
                size="small"
                type="link"
                onClick={() => setEditing(record as unknown as SealRecord)}
              >
                {t("buttons.edit")}
              </Button>
            ) : null
          }
        />
      </PagePanel>
      {editing ? (
        <SealFormModal
          open
          seal={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void saved()}
        />
      ) : null}
      <Drawer
        open={Boolean(viewing)}
        width={720}
        title={viewing ? t("seals.titles.usage", { name: viewing.name }) : ""}
        onClose={() => setViewing(null)}
        extra={
          viewing && mayEdit ? (
            <Space>
              <Button onClick={() => setEditing(viewing)}>{t("buttons.edit")}</Button>
            </Space>
          ) : null
        }
      >
        {viewing ? <SealUsageTable url={`/seals/${viewing.id}/usages`} showSubject /> : null}
      </Drawer>
    </>
  );
};
