import { DeleteOutlined, DownOutlined, FilterOutlined, SaveOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useList } from "@refinedev/core";
import { Button, Dropdown, Form, Input, Modal, type MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { MemberFilter, SavedFilter } from "./types";

type Props = { current: MemberFilter; onApply: (filter: MemberFilter) => void };

/** Each member keeps up to 10 named member filters; the server enforces the limit. */
export const SavedFilters = ({ current, onApply }: Props) => {
  const { t } = useTranslation();
  const { result } = useList<SavedFilter>({
    resource: "saved-filters",
    pagination: { mode: "off" },
  });
  const create = useCreate<SavedFilter>({
    successNotification: () => ({ message: t("org.notices.created"), type: "success" }),
  });
  const remove = useDelete();
  const [isNaming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const filters = result.data;

  const items: MenuProps["items"] = [
    ...filters.map((f) => ({
      key: f.id,
      label: (
        <span className="saved-filter-item">
          <span>{f.name}</span>
          <DeleteOutlined
            aria-label={t("org.filters.delete", { name: f.name })}
            onClick={(e) => {
              e.stopPropagation();
              remove.mutate({
                successNotification: () => ({ message: t("org.notices.deleted"), type: "success" }),
                resource: "saved-filters",
                id: f.id,
              });
            }}
          />
        </span>
      ),
      onClick: () => onApply(f.filter),
    })),
    ...(filters.length ? [{ type: "divider" as const }] : []),
    {
      key: "__save",
      icon: <SaveOutlined />,
      label: t("org.filters.save"),
      onClick: () => setNaming(true),
    },
  ];

  const save = async ({ name }: { name: string }) => {
    try {
      await create.mutateAsync({ resource: "saved-filters", values: { name, filter: current } });
      setNaming(false);
      form.resetFields();
    } catch {
      // The toast shows why (e.g. the 11th filter); the dialog stays open with the name typed.
    }
  };

  return (
    <>
      <Dropdown menu={{ items }} trigger={["click"]}>
        <Button icon={<FilterOutlined />}>
          {t("org.filters.title", { count: filters.length })} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={isNaming}
        title={t("org.filters.save")}
        onCancel={() => setNaming(false)}
        onOk={() => form.submit()}
        confirmLoading={create.mutation.isPending}
        okText={t("buttons.save")}
        cancelText={t("buttons.cancel")}
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t("org.filters.name")}
            rules={[{ required: true, max: 50, message: t("org.filters.nameRequired") }]}
          >
            <Input autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
