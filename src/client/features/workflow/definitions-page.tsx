import { PlusOutlined } from "@ant-design/icons";
import { useCreate, useCustom, useCustomMutation } from "@refinedev/core";
import {
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { WORKFLOW_KINDS } from "../../../shared/workflow";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useAntdTable } from "../../lib/use-antd-table";
import { ChangeApprovalSwitch } from "./business-settings";
import { WORKFLOW_API } from "./types";
import { firmTime } from "../../lib/firm-time";
import "./workflow.css";

type DefinitionRow = {
  id: string;
  key: string;
  kind: string;
  name: string;
  isEnabled: boolean;
  isArchived: boolean;
  currentVersionNo: number;
  updatedAt: string;
  version: number;
};

type VersionRow = { id: string; number: number; publishedAt: string };

const Versions = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { result } = useCustom<VersionRow[]>({
    url: `${WORKFLOW_API}/definitions/${id}/versions`,
    method: "get",
  });
  return (
    <Drawer open title={t("workflow.titles.versions")} onClose={onClose} width={420}>
      <Table<VersionRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={Array.isArray(result?.data) ? result.data : []}
        columns={[
          {
            title: t("workflow.fields.versionNo", { n: "" }),
            dataIndex: "number",
            render: (n: number) => `v${n}`,
          },
          {
            title: t("workflow.fields.publishedAt"),
            dataIndex: "publishedAt",
            render: (v: string) => firmTime(v),
          },
        ]}
      />
    </Drawer>
  );
};

type Shelf = "active" | "archived";

/** Workflow definitions: kind, current version, enabled; create, design, versions, archive. */
export const DefinitionListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  const [shelf, setShelf] = useState<Shelf>("active");
  const [form] = Form.useForm<{ name: string; kind: string }>();
  const { tableProps, tableQuery, applyFilters } = useAntdTable<DefinitionRow>({
    resource: "workflow/definitions",
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const { mutateAsync: create, mutation: creating } = useCreate<DefinitionRow>();
  const { mutateAsync: toggle } = useCustomMutation();

  const showShelf = (next: Shelf) => {
    setShelf(next);
    applyFilters(
      next === "archived" ? [{ field: "isArchived", operator: "eq", value: "true" }] : [],
    );
  };

  /** Archived definitions cannot be started; the approvals already running go on. */
  const onArchive = async (row: DefinitionRow, archived: boolean) => {
    await toggle({
      url: `${WORKFLOW_API}/definitions/${row.id}/archived`,
      method: "post",
      values: { archived, version: row.version },
      successNotification: {
        type: "success",
        message: t(archived ? "workflow.messages.archived" : "workflow.messages.unarchived"),
      },
    });
    await tableQuery.refetch();
  };

  const onCreate = async () => {
    const values = await form.validateFields();
    const res = await create({
      resource: "workflow/definitions",
      values,
      successNotification: false,
    });
    setCreating(false);
    navigate(`/workflow/definitions/${res.data.id}/design`);
  };

  const onToggle = async (row: DefinitionRow, enabled: boolean) => {
    await toggle({
      url: `${WORKFLOW_API}/definitions/${row.id}/enabled`,
      method: "post",
      values: { enabled, version: row.version },
      successNotification: {
        type: "success",
        message: t(enabled ? "workflow.messages.enabled" : "workflow.messages.disabled"),
      },
    });
    await tableQuery.refetch();
  };

  return (
    <>
      <PageHeader
        title={t("workflow.titles.definitions")}
        extra={
          <Space size="large" wrap>
            <ChangeApprovalSwitch setting="accountChanges" />
            <ChangeApprovalSwitch setting="caseChanges" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t("workflow.actions.newDefinition")}
            </Button>
          </Space>
        }
      />
      <PagePanel>
        <Segmented<Shelf>
          className="wf-filters"
          value={shelf}
          onChange={showShelf}
          options={[
            { value: "active", label: t("workflow.archive.active") },
            { value: "archived", label: t("workflow.archive.archived") },
          ]}
        />
        <Table<DefinitionRow>
          {...tableProps}
          rowKey="id"
          size="middle"
          scroll={{ x: 800 }}
          columns={[
            { title: t("workflow.fields.name"), dataIndex: "name" },
            {
              title: t("workflow.fields.kind"),
              dataIndex: "kind",
              width: 140,
              render: (k: string) => <Tag>{t(`workflow.kinds.${k}`)}</Tag>,
            },
            {
              title: t("workflow.fields.currentVersion"),
              dataIndex: "currentVersionNo",
              width: 110,
              render: (n: number) => (n ? `v${n}` : t("workflow.messages.draftOnly")),
            },
            {
              title: t("workflow.fields.enabled"),
              dataIndex: "isEnabled",
              width: 90,
              render: (v: boolean, row) =>
                row.isArchived ? (
                  <Tag>{t("workflow.archive.tag")}</Tag>
                ) : (
                  <Switch
                    size="small"
                    checked={v}
                    disabled={!row.currentVersionNo}
                    aria-label={t("workflow.fields.enabled")}
                    onChange={(on) => void onToggle(row, on)}
                  />
                ),
            },
            {
              title: t("workflow.fields.updatedAt"),
              dataIndex: "updatedAt",
              width: 150,
              render: (v: string) => firmTime(v),
            },
            {
              title: t("table.actions"),
              width: 240,
              render: (_: unknown, row) => (
                <Space size={0} wrap>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => navigate(`/workflow/definitions/${row.id}/design`)}
                  >
                    {t("workflow.actions.design")}
                  </Button>
                  <Button size="small" type="link" onClick={() => setVersionsOf(row.id)}>
                    {t("workflow.titles.versions")}
                  </Button>
                  {row.isArchived ? (
                    <Button size="small" type="link" onClick={() => void onArchive(row, false)}>
                      {t("workflow.archive.unarchive")}
                    </Button>
                  ) : (
                    <Popconfirm
                      title={t("workflow.archive.confirmTitle", { name: row.name })}
                      description={t("workflow.archive.confirm")}
                      okText={t("workflow.archive.archive")}
                      cancelText={t("buttons.cancel")}
                      onConfirm={() => onArchive(row, true)}
                    >
                      <Button size="small" type="link" danger>
                        {t("workflow.archive.archive")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </PagePanel>
      <Modal
        open={isCreating}
        title={t("workflow.actions.newDefinition")}
        onOk={() => void onCreate()}
        onCancel={() => setCreating(false)}
        confirmLoading={creating.isPending}
        okText={t("buttons.create")}
        cancelText={t("buttons.cancel")}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ kind: "general" }}>
          <Form.Item
            name="name"
            label={t("workflow.fields.name")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="kind" label={t("workflow.fields.kind")}>
            <Select
              options={WORKFLOW_KINDS.map((k) => ({ value: k, label: t(`workflow.kinds.${k}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      {versionsOf ? <Versions id={versionsOf} onClose={() => setVersionsOf(null)} /> : null}
    </>
  );
};
