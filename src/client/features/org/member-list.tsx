import { PlusOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { type CrudFilter, getDefaultFilter, useList, useUpdate } from "@refinedev/core";
import { Button, Form, Input, Select, Space, Switch, Table, Tag, TreeSelect } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { toDeptTree, usePickerData } from "../../components/member-picker";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useAntdTable } from "../../lib/use-antd-table";
import { MemberSecurityActions } from "../auth";
import { useCan } from "../../routing/use-can";
import { MemberForm } from "./member-form";
import { SavedFilters } from "./saved-filters";
import type { Member, MemberFilter, Role } from "./types";
import "../../components/split-panels.css";
import "./org.css";

const PAGE_SIZES = ["5", "10", "20", "25", "50", "100"];

const toFilters = (f: MemberFilter): CrudFilter[] => [
  { field: "q", operator: "eq", value: f.q?.trim() || undefined },
  {
    field: "departmentId",
    operator: "eq",
    value: f.departmentId?.length ? f.departmentId : undefined,
  },
  { field: "roleId", operator: "eq", value: f.roleId?.length ? f.roleId : undefined },
  { field: "isEnabled", operator: "eq", value: f.isEnabled },
];

const asList = (v: unknown) =>
  v === undefined ? undefined : ([] as string[]).concat(v as string[]);

/** Members of the firm: filter bar, saved filters, table, and the member drawer. */
export const MemberList = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<MemberFilter>();
  const [editing, setEditing] = useState<Member | null | undefined>(undefined);
  const { data: picker } = usePickerData();
  const { result: roleResult } = useList<Role>({ resource: "roles", pagination: { mode: "off" } });
  const roles = roleResult.data;
  const update = useUpdate<Member>({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const { tableProps, filters, sortOrderOf, applyFilters } = useAntdTable<Member>({
    resource: "members",
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "name", order: "asc" }] },
    syncWithLocation: true,
  });

  // Seeded once from the URL so a shared link opens with its filters filled in.
  const initialValues = useMemo<MemberFilter>(() => {
    const enabled = getDefaultFilter("isEnabled", filters, "eq");
    return {
      q: getDefaultFilter("q", filters, "eq"),
      departmentId: asList(getDefaultFilter("departmentId", filters, "eq")),
      roleId: asList(getDefaultFilter("roleId", filters, "eq")),
      isEnabled: enabled === undefined ? undefined : String(enabled) === "true",
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const apply = (values: MemberFilter) => {
    form.setFieldsValue({
      q: undefined,
      departmentId: undefined,
      roleId: undefined,
      isEnabled: undefined,
      ...values,
    });
    applyFilters(toFilters(values));
  };
  const current = (): MemberFilter => {
    const v = form.getFieldsValue();
    return Object.fromEntries(
      Object.entries(v).filter(
        ([, x]) => x !== undefined && x !== "" && !(Array.isArray(x) && x.length === 0),
      ),
    );
  };
  const canEdit = can("update", "ORG_MEMBER");

  return (
    <>
      <PageHeader
        title={t("org.titles.members")}
        extra={
          can("create", "ORG_MEMBER") ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t("org.members.create")}
            </Button>
          ) : null
        }
      />
      <PagePanel>
        <Form<MemberFilter>
          form={form}
          layout="inline"
          initialValues={initialValues}
          onFinish={apply}
          className="org-filters"
        >
          <Form.Item name="q" label={t("org.members.filters.q")}>
            <Input
              allowClear
              placeholder={t("org.members.filters.qPlaceholder")}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="departmentId" label={t("org.members.fields.departments")}>
            <TreeSelect
              treeData={toDeptTree(picker.departments)}
              fieldNames={{ label: "title", value: "key" }}
              multiple
              allowClear
              treeDefaultExpandAll
              style={{ width: 200 }}
              placeholder={t("org.members.filters.any")}
            />
          </Form.Item>
          <Form.Item name="roleId" label={t("org.members.fields.roles")}>
            <Select
              mode="multiple"
              allowClear
              style={{ width: 180 }}
              placeholder={t("org.members.filters.any")}
              options={roles.map((r) => ({ value: r.id, label: r.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="isEnabled" label={t("org.members.fields.status")}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t("org.members.filters.any")}
              options={[
                { value: true, label: t("org.status.enabled") },
                { value: false, label: t("org.status.disabled") },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t("buttons.search")}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => apply({})}>
                {t("buttons.reset")}
              </Button>
              <SavedFilters current={current()} onApply={apply} />
            </Space>
          </Form.Item>
        </Form>
        <Table<Member>
          {...tableProps}
          rowKey="id"
          size="middle"
          sticky
          scroll={{ x: 1000 }}
          pagination={{
            ...(tableProps.pagination || {}),
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t("table.total", { total }),
          }}
          locale={{ emptyText: t("org.members.empty") }}
        >
          <Table.Column<Member>
            key="name"
            dataIndex="name"
            title={t("org.members.fields.name")}
            sorter
            sortOrder={sortOrderOf("name")}
            width={140}
            render={(v: string, r) => (
              <span>
                {v}
                <span className="org-muted"> {r.nameSuffix}</span>
              </span>
            )}
          />
          <Table.Column<Member>
            key="username"
            dataIndex="username"
            title={t("org.members.fields.username")}
            sorter
            sortOrder={sortOrderOf("username")}
            width={120}
          />
          <Table.Column<Member>
            key="position"
            dataIndex="position"
            title={t("org.members.fields.position")}
            width={120}
          />
          <Table.Column<Member>
            key="departments"
            title={t("org.members.fields.departments")}
            render={(_, r) => r.departments.map((d) => <Tag key={d.id}>{d.name}</Tag>)}
          />
          <Table.Column<Member>
            key="roles"
            title={t("org.members.fields.roles")}
            render={(_, r) =>
              r.roles.map((x) => (
                <Tag color="blue" key={x.id}>
                  {x.name}
                </Tag>
              ))
            }
          />
          <Table.Column<Member>
            key="phone"
            dataIndex="phone"
            title={t("org.members.fields.phone")}
            width={140}
          />
          <Table.Column<Member>
            key="isEnabled"
            title={t("org.members.fields.status")}
            width={100}
            render={(_, r) => (
              <Switch
                size="small"
                checked={r.isEnabled}
                disabled={!canEdit}
                aria-label={t("org.members.toggle", { name: r.name })}
                onChange={(on) =>
                  update.mutate({
                    resource: "members",
                    id: r.id,
                    values: { isEnabled: on, version: r.version },
                  })
                }
              />
            )}
          />
          {canEdit ? (
            <Table.Column<Member>
              key="actions"
              fixed="right"
              width={170}
              title={t("table.actions")}
              render={(_, r) => (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    {t("buttons.edit")}
                  </Button>
                  <MemberSecurityActions member={r} />
                </Space>
              )}
            />
          ) : null}
        </Table>
      </PagePanel>
      <MemberForm
        open={editing !== undefined}
        member={editing ?? null}
        roles={roles}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
};
