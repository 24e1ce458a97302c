import { ApartmentOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  useCreate,
  useCustomMutation,
  useDelete,
  useInvalidate,
  useList,
  useUpdate,
} from "@refinedev/core";
import {
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Tree,
  type TreeProps,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { toDeptTree, usePickerData } from "../../components/member-picker";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import type { Department } from "./types";
import "../../components/split-panels.css";
import "./org.css";

type DropInfo = Parameters<NonNullable<TreeProps["onDrop"]>>[0];

/**
 * Where a drop puts the dragged department: its new parent and its index among the new
 * siblings (the dragged one not counted), as POST /departments/:id/move expects.
 */
const dropTarget = (info: DropInfo, all: Department[]) => {
  const dragId = String(info.dragNode.key);
  const nodeId = String(info.node.key);
  const node = all.find((d) => d.id === nodeId)!;
  const pos = info.node.pos.split("-");
  const relative = info.dropPosition - Number(pos[pos.length - 1]);
  const siblingsOf = (parentId: string | null) =>
    all
      .filter((d) => d.parentId === parentId && d.id !== dragId)
      .sort((a, b) => a.sortOrder - b.sortOrder);
  if (
    !info.dropToGap ||
    (relative === 1 && info.node.expanded && (info.node.children?.length ?? 0) > 0)
  ) {
    return { parentId: nodeId, index: 0 };
  }
  const index = siblingsOf(node.parentId).findIndex((d) => d.id === nodeId);
  return { parentId: node.parentId, index: relative === -1 ? index : index + 1 };
};

/** The department tree: drag to reorder or move, a manager per department, add and delete. */
export const DepartmentTree = () => {
  const { t } = useTranslation();
  const can = useCan();
  const invalidate = useInvalidate();
  const { result, query } = useList<Department>({
    resource: "departments",
    pagination: { mode: "off" },
  });
  const departments = result.data;
  const { data: picker } = usePickerData();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string; managerId: string | null }>();
  const create = useCreate<Department>({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const update = useUpdate<Department>({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const remove = useDelete();
  const move = useCustomMutation();
  const selected = departments.find((d) => d.id === selectedId) ?? null;
  const canEdit = can("update", "ORG_DEPARTMENT");

  useEffect(() => {
    if (selected) form.setFieldsValue({ name: selected.name, managerId: selected.managerId });
  }, [selected, form]);

  const tree = useMemo(
    () =>
      toDeptTree(departments, (d) => {
        const full = departments.find((x) => x.id === d.id);
        return `${d.name} (${full?.memberCount ?? 0})`;
      }),
    [departments],
  );

  const refresh = () => {
    void invalidate({ resource: "departments", invalidates: ["list"] });
    void invalidate({ resource: "org-picker", invalidates: ["all"] });
  };

  const add = async (parentId: string | null) => {
    const res = await create.mutateAsync({
      resource: "departments",
      values: { name: t("org.departments.newName"), parentId },
    });
    setSelectedId(String(res.data.id));
  };

  const onDrop: TreeProps["onDrop"] = async (info) => {
    const target = dropTarget(info, departments);
    const dragged = departments.find((d) => d.id === String(info.dragNode.key))!;
    try {
      await move.mutateAsync({
        url: `/api/departments/${dragged.id}/move`,
        method: "post",
        values: { ...target, version: dragged.version },
        successNotification: () => ({ message: t("org.departments.moved"), type: "success" }),
      });
    } finally {
      refresh();
    }
  };

  const save = (values: { name: string; managerId: string | null }) =>
    selected &&
    update.mutate({
      resource: "departments",
      id: selected.id,
      values: { ...values, managerId: values.managerId ?? null, version: selected.version },
    });

  return (
    <>
      <PageHeader
        title={t("org.titles.departments")}
        extra={
          can("create", "ORG_DEPARTMENT") ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={create.mutation.isPending}
              onClick={() => void add(null)}
            >
              {t("org.departments.addTop")}
            </Button>
          ) : null
        }
      />
      <div className="org-split">
        <PagePanel className="org-split-tree">
          {departments.length === 0 && !query.isLoading ? (
            <Empty description={t("org.departments.empty")} />
          ) : (
            <Tree
              key={departments.length === 0 ? "loading" : "loaded"}
              treeData={tree}
              blockNode
              defaultExpandAll
              draggable={canEdit ? { icon: false } : false}
              onDrop={onDrop}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId(keys[0] ? String(keys[0]) : null)}
              icon={<ApartmentOutlined />}
              showIcon
            />
          )}
          {canEdit ? <p className="org-hint">{t("org.departments.dragHint")}</p> : null}
        </PagePanel>
        <PagePanel className="org-split-detail">
          {selected ? (
            <>
              <Descriptions size="small" column={1} title={selected.name}>
                <Descriptions.Item label={t("org.departments.fields.manager")}>
                  {selected.managerName ?? "-"}
                </Descriptions.Item>
                <Descriptions.Item label={t("org.departments.fields.memberCount")}>
                  {selected.memberCount}
                </Descriptions.Item>
              </Descriptions>
              <Form
                form={form}
                layout="vertical"
                onFinish={save}
                disabled={!canEdit}
                className="org-detail-form"
              >
                <Form.Item
                  name="name"
                  label={t("org.departments.fields.name")}
                  rules={[
                    {
                      required: true,
                      max: 100,
                      message: t("org.validation.required", {
                        field: t("org.departments.fields.name"),
                      }),
                    },
                  ]}
                >
                  <Input />
                </Form.Item>
                <Form.Item name="managerId" label={t("org.departments.fields.manager")}>
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    options={picker.members.map((m) => ({
                      value: m.userId,
                      label: `${m.name} ${m.initials}`,
                    }))}
                  />
                </Form.Item>
                <Space wrap>
                  <Button type="primary" htmlType="submit" loading={update.mutation.isPending}>
                    {t("buttons.save")}
                  </Button>
                  <Button icon={<PlusOutlined />} onClick={() => void add(selected.id)}>
                    {t("org.departments.addChild")}
                  </Button>
                  {can("delete", "ORG_DEPARTMENT") ? (
                    <Popconfirm
                      title={t("org.departments.confirmDelete", { name: selected.name })}
                      okText={t("buttons.delete")}
                      cancelText={t("buttons.cancel")}
                      onConfirm={() =>
                        remove.mutate(
                          {
                            successNotification: () => ({
                              message: t("org.notices.deleted"),
                              type: "success",
                            }),
                            resource: "departments",
                            id: selected.id,
                          },
                          { onSuccess: () => setSelectedId(null) },
                        )
                      }
                    >
                      <Button danger icon={<DeleteOutlined />}>
                        {t("buttons.delete")}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              </Form>
            </>
          ) : (
            <Empty description={t("org.departments.pick")} />
          )}
        </PagePanel>
      </div>
    </>
  );
};
