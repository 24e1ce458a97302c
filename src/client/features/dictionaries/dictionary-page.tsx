import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import {
  useCreate,
  useCustomMutation,
  useDelete,
  useInvalidate,
  useList,
  useUpdate,
} from "@refinedev/core";
import { Button, Empty, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import "../../components/split-panels.css";
import { DictionaryTypeList } from "./dictionary-type-list";
import { cleanAttributes, hasAttributes, ItemAttributes } from "./item-attributes";
import "./dictionaries.css";

type DictType = {
  id: string;
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
  isSystem: boolean;
  itemCount: number;
  version: number;
};
type Item = {
  id: string;
  typeId: string;
  code: string;
  labelZh: string;
  labelEn: string;
  label: string;
  sortOrder: number;
  isEnabled: boolean;
  version: number;
  attributes?: Record<string, unknown>;
};
type Editing = { kind: "type" | "item"; record: DictType | Item | null } | null;

const CODE = /^[a-z0-9][a-z0-9_-]*$/;

/** Dictionaries (case types, industries, …): types on the left, their items on the right. */
export const DictionaryPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const invalidate = useInvalidate();
  const { result: typeResult } = useList<DictType>({
    resource: "dictionary-types",
    pagination: { mode: "off" },
  });
  const types = typeResult.data;
  const [typeId, setTypeId] = useState<string | null>(null);
  const current = types.find((x) => x.id === typeId) ?? types[0];
  const { result: itemResult, query } = useList<Item>({
    resource: "dictionary-items",
    filters: [{ field: "typeId", operator: "eq", value: current?.id }],
    pagination: { currentPage: 1, pageSize: 1000 },
    sorters: [{ field: "sortOrder", order: "asc" }],
    queryOptions: { enabled: Boolean(current) },
  });
  const [search, setSearch] = useState("");
  const items = useMemo(() => {
    const q = search.trim().toLowerCase();
    return itemResult.data.filter(
      (i) => !q || [i.code, i.labelZh, i.labelEn].some((v) => v.toLowerCase().includes(q)),
    );
  }, [itemResult.data, search]);
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm();
  const create = useCreate({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const update = useUpdate({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const remove = useDelete();
  const reorder = useCustomMutation();
  const canEdit = can("update", "ORG_DICTIONARY");

  useEffect(() => {
    if (editing)
      form.setFieldsValue(
        editing.record ?? { code: "", nameZh: "", nameEn: "", labelZh: "", labelEn: "" },
      );
  }, [editing, form]);

  const move = async (index: number, delta: -1 | 1) => {
    const ids = itemResult.data.map((i) => i.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved);
    await reorder.mutateAsync({
      url: "/api/dictionary-items/reorder",
      method: "post",
      values: { typeId: current!.id, ids },
    });
    void invalidate({ resource: "dictionary-items", invalidates: ["list"] });
  };

  const save = async (input: Record<string, unknown>) => {
    if (!editing) return;
    const attributes = cleanAttributes(input.attributes as Record<string, unknown> | undefined);
    const values: Record<string, unknown> = { ...input, ...(attributes ? { attributes } : {}) };
    const resource = editing.kind === "type" ? "dictionary-types" : "dictionary-items";
    try {
      if (editing.record) {
        const { code: _code, ...rest } = values;
        await update.mutateAsync({
          resource,
          id: editing.record.id,
          values: { ...rest, version: editing.record.version },
        });
      } else {
        await create.mutateAsync({
          resource,
          values: editing.kind === "item" ? { ...values, typeId: current!.id } : values,
        });
      }
      if (editing.kind === "type")
        void invalidate({ resource: "dictionary-types", invalidates: ["list"] });
      setEditing(null);
    } catch {
      // Toasted (e.g. a taken code); the dialog keeps the input.
    }
  };

  const isType = editing?.kind === "type";
  const zhKey = isType ? "nameZh" : "labelZh";
  const enKey = isType ? "nameEn" : "labelEn";

  return (
    <>
      <PageHeader
        title={t("dictionaries.title")}
        extra={
          can("create", "ORG_DICTIONARY") ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing({ kind: "type", record: null })}
            >
              {t("dictionaries.createType")}
            </Button>
          ) : null
        }
      />
      <div className="org-split">
        <DictionaryTypeList types={types} currentId={current?.id} onSelect={setTypeId} />
        <PagePanel className="org-split-detail">
          {current ? (
            <>
              <div className="page-header">
                <Space wrap>
                  <h2 className="org-h2">{current.name}</h2>
                  <code className="org-code">dict:{current.code}</code>
                  {current.isSystem ? <Tag color="gold">{t("dictionaries.system")}</Tag> : null}
                </Space>
                <Space wrap>
                  <Input.Search
                    allowClear
                    placeholder={t("dictionaries.search")}
                    onChange={(e) => setSearch(e.target.value)}
                    style={{ width: 200 }}
                  />
                  {canEdit ? (
                    <Button
                      icon={<EditOutlined />}
                      onClick={() => setEditing({ kind: "type", record: current })}
                    >
                      {t("dictionaries.editType")}
                    </Button>
                  ) : null}
                  {can("delete", "ORG_DICTIONARY") && !current.isSystem ? (
                    <Popconfirm
                      title={t("dictionaries.confirmDeleteType", { name: current.name })}
                      okText={t("buttons.delete")}
                      cancelText={t("buttons.cancel")}
                      onConfirm={() =>
                        remove.mutate(
                          {
                            successNotification: () => ({
                              message: t("org.notices.deleted"),
                              type: "success",
                            }),
                            resource: "dictionary-types",
                            id: current.id,
                          },
                          { onSuccess: () => setTypeId(null) },
                        )
                      }
                    >
                      <Button danger icon={<DeleteOutlined />}>
                        {t("dictionaries.deleteType")}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {can("create", "ORG_DICTIONARY") ? (
                    <Button
                      type="primary"
                      icon={<PlusOutlined />}
                      onClick={() => setEditing({ kind: "item", record: null })}
                    >
                      {t("dictionaries.createItem")}
                    </Button>
                  ) : null}
                </Space>
              </div>
              <Table<Item>
                dataSource={items}
                loading={query.isFetching}
                rowKey="id"
                size="small"
                pagination={false}
                scroll={{ x: 720 }}
                locale={{ emptyText: t("dictionaries.empty") }}
              >
                <Table.Column<Item>
                  key="order"
                  title={t("dictionaries.fields.order")}
                  width={110}
                  render={(_, item) => {
                    const index = itemResult.data.findIndex((i) => i.id === item.id);
                    return canEdit && !search ? (
                      <Space size={0}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          aria-label={t("dictionaries.moveUp")}
                          onClick={() => void move(index, -1)}
                        />
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          disabled={index === itemResult.data.length - 1}
                          aria-label={t("dictionaries.moveDown")}
                          onClick={() => void move(index, 1)}
                        />
                      </Space>
                    ) : (
                      index + 1
                    );
                  }}
                />
                <Table.Column<Item>
                  key="code"
                  dataIndex="code"
                  title={t("dictionaries.fields.code")}
                  render={(v: string) => <code className="org-code">{v}</code>}
                />
                <Table.Column<Item>
                  key="labelZh"
                  dataIndex="labelZh"
                  title={t("dictionaries.fields.labelZh")}
                />
                <Table.Column<Item>
                  key="labelEn"
                  dataIndex="labelEn"
                  title={t("dictionaries.fields.labelEn")}
                />
                <Table.Column<Item>
                  key="isEnabled"
                  title={t("dictionaries.fields.enabled")}
                  width={90}
                  render={(_, item) => (
                    <Switch
                      size="small"
                      checked={item.isEnabled}
                      disabled={!canEdit}
                      aria-label={t("dictionaries.toggle", { label: item.label })}
                      onChange={(isEnabled) =>
                        update.mutate({
                          resource: "dictionary-items",
                          id: item.id,
                          values: { isEnabled, version: item.version },
                        })
                      }
                    />
                  )}
                />
                <Table.Column<Item>
                  key="actions"
                  title={t("table.actions")}
                  width={150}
                  render={(_, item) => (
                    <Space size={0}>
                      {canEdit ? (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => setEditing({ kind: "item", record: item })}
                        >
                          {t("buttons.edit")}
                        </Button>
                      ) : null}
                      {can("delete", "ORG_DICTIONARY") ? (
                        <Popconfirm
                          title={t("dictionaries.confirmDeleteItem", { label: item.label })}
                          okText={t("buttons.delete")}
                          cancelText={t("buttons.cancel")}
                          onConfirm={() =>
                            remove.mutate({
                              successNotification: () => ({
                                message: t("org.notices.deleted"),
                                type: "success",
                              }),
                              resource: "dictionary-items",
                              id: item.id,
                            })
                          }
                        >
                          <Button size="small" type="link" danger>
                            {t("buttons.delete")}
                          </Button>
                        </Popconfirm>
                      ) : null}
                    </Space>
                  )}
                />
              </Table>
            </>
          ) : (
            <Empty description={t("dictionaries.noTypes")} />
          )}
        </PagePanel>
      </div>
      <Modal
        open={Boolean(editing)}
        title={t(`dictionaries.${editing?.record ? "edit" : "create"}${isType ? "Type" : "Item"}`)}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={create.mutation.isPending || update.mutation.isPending}
        okText={t("buttons.save")}
        cancelText={t("buttons.cancel")}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="code"
            label={t("dictionaries.fields.code")}
            extra={t("dictionaries.codeHint")}
            rules={
              editing?.record
                ? []
                : [{ required: true, max: 50, pattern: CODE, message: t("dictionaries.codeHint") }]
            }
          >
            <Input disabled={Boolean(editing?.record)} />
          </Form.Item>
          <Form.Item
            name={zhKey}
            label={t("dictionaries.fields.labelZh")}
            rules={[
              {
                required: true,
                max: 100,
                message: t("org.validation.required", { field: t("dictionaries.fields.labelZh") }),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name={enKey} label={t("dictionaries.fields.labelEn")} rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
          {!isType && hasAttributes(current?.code) ? (
            <ItemAttributes typeCode={current?.code} />
          ) : null}
        </Form>
      </Modal>
    </>
  );
};
