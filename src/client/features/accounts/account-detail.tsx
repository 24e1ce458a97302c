import { type BaseRecord, useDelete, useOne } from "@refinedev/core";
import { Button, Popconfirm, Skeleton, Space, Tabs, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { mayOnRow, useCan } from "../../routing/use-can";
import { SchemaShow } from "../../schema-ui";
import { EmployeesTab } from "./employees-tab";
import { EquityPanel } from "./equity-panel";
import { isPendingAccount, PendingChangesAlert } from "./pending-changes";

/** Account details: header with type and status, a pending change if any, then details, employees and equity tabs. */
export const AccountDetail = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { id = "" } = useParams();
  const { result: record } = useOne<BaseRecord>({ resource: "accounts", id });
  const { mutate: remove } = useDelete();
  if (!record) return <Skeleton active />;
  const isOrganization = record.accountType === "organization";
  const isPending = isPendingAccount(record);
  const tabs = [
    {
      key: "info",
      label: t("accounts.tabs.info"),
      children: <SchemaShow resource="accounts" record={record} />,
    },
    ...(isOrganization
      ? [
          {
            key: "employees",
            label: t("accounts.tabs.employees"),
            children: <EmployeesTab accountId={id} editable={mayOnRow(record, "update")} />,
          },
        ]
      : []),
    {
      key: "equity",
      label: t("accounts.tabs.equity"),
      children: <EquityPanel accountId={id} editable={mayOnRow(record, "update")} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={
          <Space>
            {String(record.name)}
            <Tag color={isOrganization ? "blue" : "green"}>
              {t(`accounts.types.${String(record.accountType)}`)}
            </Tag>
            {isPending ? <Tag color="orange">{t("accounts.status.pending")}</Tag> : null}
          </Space>
        }
        extra={
          <Space>
            {can("update", "LAWFIRM_CUSTOMER_VIEW") && mayOnRow(record, "update") ? (
              <Button
                type="primary"
                disabled={isPending}
                onClick={() => navigate(`/contacts/${id}/edit`)}
              >
                {t("buttons.edit")}
              </Button>
            ) : null}
            {can("delete", "LAWFIRM_CUSTOMER_VIEW") && mayOnRow(record, "delete") ? (
              <Popconfirm
                title={t("schemaUi.deleteConfirm")}
                onConfirm={() =>
                  remove(
                    {
                      resource: "accounts",
                      id,
                      successNotification: { type: "success", message: t("schemaUi.deleted") },
                    },
                    { onSuccess: () => navigate("/contacts") },
                  )
                }
              >
                <Button danger>{t("buttons.delete")}</Button>
              </Popconfirm>
            ) : null}
          </Space>
        }
      />
      <PagePanel>
        {isPending ? <PendingChangesAlert record={record} /> : null}
        <Tabs items={tabs} destroyOnHidden />
      </PagePanel>
    </>
  );
};
