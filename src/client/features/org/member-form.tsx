import { useCreate, useUpdate } from "@refinedev/core";
import { Button, Drawer, Form, Input, Radio, Select, Space, TreeSelect } from "antd";
import type { Rule } from "antd/es/form";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import type { MemberInput } from "../../../shared/contracts/org";
import { checkFormat, formatMessageKey, type MemberFormat } from "../../../shared/validators";
import { toDeptTree, usePickerData } from "../../components/member-picker";
import { isApiError } from "../../providers/api-error";
import type { Member, Role } from "./types";

type Values = MemberInput;

type Props = { open: boolean; member: Member | null; roles: Role[]; onClose: () => void };

/** Create (or add an existing account) and edit a member; the same validators as the server. */
export const MemberForm = ({ open, member, roles, onClose }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const account = Form.useWatch("account", form);
  const { data } = usePickerData(open);
  const create = useCreate({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const update = useUpdate({
    successNotification: () => ({ message: t("org.notices.saved"), type: "success" }),
  });
  const isNew = !member;
  const isExisting = isNew && account === "existing";

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      member
        ? {
            ...member,
            departmentIds: member.departments.map((d) => d.id),
            roleIds: member.roles.map((r) => r.id),
          }
        : { account: "new" },
    );
  }, [open, member, form]);

  const label = (field: string) => t(`org.members.fields.${field}`);
  const format = (field: string, name: MemberFormat): Rule => ({
    validator: (_, value) =>
      checkFormat(name, value)
        ? Promise.resolve()
        : Promise.reject(new Error(`${label(field)} ${t(formatMessageKey(name))}`)),
  });
  const required = (field: string): Rule => ({
    required: true,
    message: t("org.validation.required", { field: label(field) }),
  });

  const onFinish = async (values: Values) => {
    try {
      if (member) {
        const { account: _a, username: _u, password: _p, ...patch } = values;
        await update.mutateAsync({
          resource: "members",
          id: member.id,
          values: { ...patch, version: member.version },
        });
      } else {
        const body =
          values.account === "existing"
            ? {
                account: "existing",
                username: values.username,
                position: values.position,
                phone: values.phone,
                email: values.email,
                departmentIds: values.departmentIds,
                roleIds: values.roleIds,
              }
            : values;
        await create.mutateAsync({ resource: "members", values: body });
      }
      onClose();
    } catch (error) {
      // The server's field messages go under their fields; the toast already told the rest.
      if (isApiError(error) && error.fields.length > 0) {
        form.setFields(
          error.fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })),
        );
      }
    }
  };

  return (
    <Drawer
      open={open}
      width={520}
      title={member ? t("org.members.edit", { name: member.name }) : t("org.members.create")}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
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
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        {isNew ? (
          <Form.Item name="account" label={t("org.members.fields.account")}>
            <Radio.Group
              optionType="button"
              options={[
                { value: "new", label: t("org.members.accountNew") },
                { value: "existing", label: t("org.members.accountExisting") },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="username"
          label={label("username")}
          rules={isNew ? [required("username"), format("username", "account")] : []}
        >
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        {isExisting ? null : (
          <>
            <Form.Item
              name="name"
              label={label("name")}
              rules={[required("name"), format("name", "memberName")]}
            >
              <Input />
            </Form.Item>
            {isNew ? (
              <Form.Item
                name="password"
                label={label("password")}
                rules={[required("password"), { min: 8, message: t("org.validation.password") }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            ) : null}
          </>
        )}
        <Form.Item
          name="position"
          label={label("position")}
          rules={[format("position", "zhEnSymbols")]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={label("phone")} rules={[format("phone", "phone")]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={label("email")} rules={[format("email", "contactEmail")]}>
          <Input />
        </Form.Item>
        <Form.Item name="departmentIds" label={label("departments")}>
          <TreeSelect
            treeData={toDeptTree(data.departments)}
            fieldNames={{ label: "title", value: "key" }}
            multiple
            treeDefaultExpandAll
            allowClear
          />
        </Form.Item>
        <Form.Item name="roleIds" label={label("roles")}>
          <Select
            mode="multiple"
            allowClear
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
};
