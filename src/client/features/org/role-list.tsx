import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useList, useUpdate } from "@refinedev/core";
import { Button, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { roleDescription, roleName } from "../../../shared/seed-texts";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import type { Role } from "./types";

type Values = { name: string; code?: string; description?: string; isPartner?: boolean };

/** Roles of the firm; each opens the permission editor. */
export const RoleList = () => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { result, query } = useList<Role>({ resource: "roles", pagination: { mode: "off" } });
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const create = useCreate<Role>({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const update = useUpdate<Role>({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const remove = useDelete();

  useEffect(() => {
    if (editing !== undefined)
      form.setFieldsValue(
        editing
          ? {
              ...editing,
              description: roleDescription(editing.code, editing.description, i18n.language),
            }
          : { name: "", code: "", description: "", isPartner: false },
      );
  }, [editing, form, i18n.language]);

  const save = async (values: Values) => {
    try {
      if (editing) {
        await update.mutateAsync({
          resource: "roles",
          id: editing.id,
          values: {
            name: values.name,
            description: values.description ?? "",
            isPartner: Boolean(values.isPartner),
            version: editing.version,
          },
        });
      } else {
        await create.mutateAsync({
          resource: "roles",
          values: {
            ...values,
            isPartner: Boolean(values.isPartner),
            rules: [{ action: "basic", subject: "BASIC_PERMISSION" }],
          },
        });
      }
      setEditing(undefined);
    } catch {
      // Toasted by the http layer; the dialog keeps what was typed.
    }
  };

  return (
    <>
      <PageHeader
        title={t("org.titles.roles")}
        extra={
          can("create", "ORG_ROLE") ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t("org.roles.create")}
            </Button>
          ) : null
        }
      />
      <PagePanel>
        <Table<Role>
          dataSource={result.data}
          loading={query.isFetching}
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 760 }}
        >
          <Table.Column<Role>
            key="name"
            title={t("org.roles.fields.name")}
            render={(_, r) => (
              <Space>
                {roleName(r.code, r.name, i18n.language)}
                {r.isSystem ? <Tag color="gold">{t("org.roles.system")}</Tag> : null}
                {r.isPartner ? <Tag color="blue">{t("org.roles.partner")}</Tag> : null}
              </Space>
            )}
          />
          <Table.Column<Role>
            key="code"
            dataIndex="code"
            title={t("org.roles.fields.code")}
            render={(v: string) => <code>{v}</code>}
          />
          <Table.Column<Role>
            key="description"
            title={t("org.roles.fields.description")}
            render={(_, r) => roleDescription(r.code, r.description, i18n.language)}
          />
          <Table.Column<Role>
            key="memberCount"
            dataIndex="memberCount"
            title={t("org.roles.fields.memberCount")}
            width={100}
          />
          <Table.Column<Role>
            key="rules"
            title={t("org.roles.fields.rules")}
            width={100}
            render={(_, r) => r.rules.length}
          />
          <Table.Column<Role>
            key="actions"
            title={t("table.actions")}
            fixed="right"
            width={250}
            render={(_, r) => (
              <Space size={0} wrap>
                {can("update", "ORG_ROLE") ? (
                  <>
                    <Link to={`/settings/roles/${r.id}/permissions`}>
                      <Button size="small" type="link" icon={<SafetyOutlined />}>
                        {t("org.roles.permissions")}
                      </Button>
                    </Link>
                    <Button
                      size="small"
                      type="link"
                      icon={<EditOutlined />}
                      onClick={() => setEditing(r)}
                    >
                      {t("buttons.edit")}
                    </Button>
                  </>
                ) : null}
                {can("delete", "ORG_ROLE") && !r.isSystem ? (
                  <Popconfirm
                    title={t("org.roles.confirmDelete", { name: r.name, count: r.memberCount })}
                    okText={t("buttons.delete")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() =>
                      remove.mutate({
                        successNotification: () => ({
                          message: t("org.notices.deleted"),
                          type: "success",
                        }),
                        resource: "roles",
                        id: r.id,
                      })
                    }
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                      {t("buttons.delete")}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            )}
          />
        </Table>
      </PagePanel>
      <Modal
        open={editing !== undefined}
        title={editing ? t("org.roles.edit", { name: editing.name }) : t("org.roles.create")}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={create.mutation.isPending || update.mutation.isPending}
        okText={t("buttons.save")}
        cancelText={t("buttons.cancel")}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t("org.roles.fields.name")}
            rules={[
              {
                required: true,
                max: 50,
                message: t("org.validation.required", { field: t("org.roles.fields.name") }),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="code"
            label={t("org.roles.fields.code")}
            extra={t("org.roles.codeHint")}
            rules={
              editing
                ? []
                : [
                    {
                      required: true,
                      pattern: /^[a-z][a-z0-9_-]*$/,
                      message: t("org.roles.codeHint"),
                    },
                  ]
            }
          >
            <Input disabled={Boolean(editing)} />
          </Form.Item>
          <Form.Item name="description" label={t("org.roles.fields.description")}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
          <Form.Item
            name="isPartner"
            label={t("org.roles.fields.isPartner")}
            extra={t("org.roles.partnerHint")}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
