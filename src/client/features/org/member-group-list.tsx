import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useList, useUpdate } from "@refinedev/core";
import { Button, Drawer, Form, Input, InputNumber, Popconfirm, Space, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { MemberPickerField } from "../../components/member-picker";
import { PageHeader, PagePanel } from "../../layout/page-header";
import type { MemberGroup } from "./types";

type Values = { name: string; sortOrder: number; memberIds: string[] };

/** The caller's own member groups (offered by the member picker). */
export const MemberGroupList = () => {
  const { t } = useTranslation();
  const { result, query } = useList<MemberGroup>({
    resource: "member-groups",
    pagination: { mode: "off" },
  });
  const [editing, setEditing] = useState<MemberGroup | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const create = useCreate<MemberGroup>({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const update = useUpdate<MemberGroup>({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const remove = useDelete();

  useEffect(() => {
    if (editing !== undefined) {
      form.setFieldsValue(
        editing
          ? { name: editing.name, sortOrder: editing.sortOrder, memberIds: editing.memberIds }
          : { name: "", sortOrder: result.data.length, memberIds: [] },
      );
    }
  }, [editing, form]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async (values: Values) => {
    try {
      if (editing)
        await update.mutateAsync({
          resource: "member-groups",
          id: editing.id,
          values: { ...values, version: editing.version },
        });
      else await create.mutateAsync({ resource: "member-groups", values });
      setEditing(undefined);
    } catch {
      // Toasted; the drawer keeps the choice.
    }
  };

  return (
    <>
      <PageHeader
        title={t("org.titles.memberGroups")}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t("org.groups.create")}
          </Button>
        }
      />
      <PagePanel>
        <Table<MemberGroup>
          dataSource={result.data}
          loading={query.isFetching}
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: t("org.groups.empty") }}
        >
          <Table.Column<MemberGroup>
            key="name"
            dataIndex="name"
            title={t("org.groups.fields.name")}
            width={200}
          />
          <Table.Column<MemberGroup>
            key="members"
            title={t("org.groups.fields.members")}
            render={(_, g) => g.members.map((m) => <Tag key={m.userId}>{m.name}</Tag>)}
          />
          <Table.Column<MemberGroup>
            key="sortOrder"
            dataIndex="sortOrder"
            title={t("org.groups.fields.sortOrder")}
            width={90}
          />
          <Table.Column<MemberGroup>
            key="actions"
            title={t("table.actions")}
            width={170}
            render={(_, g) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(g)}
                >
                  {t("buttons.edit")}
                </Button>
                <Popconfirm
                  title={t("org.groups.confirmDelete", { name: g.name })}
                  okText={t("buttons.delete")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() =>
                    remove.mutate({
                      successNotification: () => ({
                        message: t("org.notices.deleted"),
                        type: "success",
                      }),
                      resource: "member-groups",
                      id: g.id,
                    })
                  }
                >
                  <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                    {t("buttons.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            )}
          />
        </Table>
      </PagePanel>
      <Drawer
        open={editing !== undefined}
        width={480}
        title={editing ? t("org.groups.edit", { name: editing.name }) : t("org.groups.create")}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(undefined)}>{t("buttons.cancel")}</Button>
            <Button
              type="primary"
              loading={create.mutation.isPending || update.mutation.isPending}
              onClick={() => form.submit()}
            >
              {t("buttons.save")}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t("org.groups.fields.name")}
            rules={[
              {
                required: true,
                max: 50,
                message: t("org.validation.required", { field: t("org.groups.fields.name") }),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="sortOrder" label={t("org.groups.fields.sortOrder")}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name="memberIds" label={t("org.groups.fields.members")}>
            <MemberPickerField />
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
};
