import { PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useList } from "@refinedev/core";
import {
  Button,
  Col,
  Empty,
  Form,
  InputNumber,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { useCan } from "../../routing/use-can";
import { EquityDiagram, type EquityEdge, type EquityNode } from "./equity-diagram";
import { accountDetailPath } from "../../lib/record-paths";

type Graph = {
  nodes: EquityNode[];
  edges: EquityEdge[];
  shareholders: EquityEdge[];
  investments: EquityEdge[];
};
type Side = "holder" | "company";
type AddValues = { kind: "client" | "outside"; accountId?: string; name?: string; share: number };

/** The equity structure tab: the diagram (three tiers up and down) and the direct shareholdings. */
export const EquityPanel = ({
  accountId,
  editable = true,
}: {
  accountId: string;
  editable?: boolean;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan()("update", "LAWFIRM_CUSTOMER_VIEW") && editable;
  const { result, query } = useCustom<Graph>({
    url: `/api/accounts/${accountId}/equity`,
    method: "get",
  });
  // Refine hands an empty object until the answer arrives.
  const raw = result?.data as Partial<Graph> | undefined;
  const graph = Array.isArray(raw?.edges) ? (raw as Graph) : undefined;
  const { mutateAsync } = useCustomMutation();
  const [adding, setAdding] = useState<Side | null>(null);
  const [search, setSearch] = useState("");
  const [form] = Form.useForm<AddValues>();
  const { result: clients } = useList({
    resource: "accounts",
    filters: [{ field: "name", operator: "contains", value: search }],
    pagination: { pageSize: 20 },
  });
  const nameOf = (nodeId: string) => graph?.nodes.find((n) => n.id === nodeId)?.name ?? "";

  const add = async (values: AddValues) => {
    const other =
      values.kind === "client"
        ? { [`${adding}AccountId`]: values.accountId }
        : { [`${adding}Name`]: values.name };
    const self =
      adding === "holder" ? { companyAccountId: accountId } : { holderAccountId: accountId };
    await mutateAsync({
      url: "/api/equity-edges",
      method: "post",
      values: { ...self, ...other, share: values.share },
    });
    setAdding(null);
    form.resetFields();
    await query.refetch();
  };
  const remove = async (edgeId: string) => {
    await mutateAsync({ url: `/api/equity-edges/${edgeId}`, method: "delete", values: {} });
    await query.refetch();
  };

  const table = (side: Side, rows: EquityEdge[]) => (
    <Table<EquityEdge>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t("accounts.equity.empty") }}
      columns={[
        {
          key: "party",
          title: t(
            side === "holder" ? "accounts.equity.shareholders" : "accounts.equity.investments",
          ),
          render: (_, e) => nameOf(side === "holder" ? e.source : e.target),
        },
        {
          key: "share",
          title: t("accounts.equity.share"),
          dataIndex: "share",
          width: 110,
          render: (v: number) => `${v}%`,
        },
        ...(canEdit
          ? [
              {
                key: "actions",
                width: 80,
                render: (_: unknown, e: EquityEdge) => (
                  <Popconfirm
                    title={t("accounts.equity.deleteConfirm")}
                    onConfirm={() => void remove(e.id)}
                  >
                    <Button size="small" type="link" danger>
                      {t("buttons.delete")}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
      title={() =>
        canEdit ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(side)}>
            {t(
              side === "holder"
                ? "accounts.equity.addShareholder"
                : "accounts.equity.addInvestment",
            )}
          </Button>
        ) : null
      }
    />
  );

  return (
    <>
      <Typography.Title level={5}>{t("accounts.equity.diagram")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("accounts.equity.tiers")}</Typography.Paragraph>
      {graph && graph.edges.length > 0 ? (
        <EquityDiagram
          nodes={graph.nodes}
          edges={graph.edges}
          selfId={accountId}
          onOpen={(n) =>
            n.accountId &&
            navigate(accountDetailPath({ id: n.accountId, accountType: n.accountType }))
          }
        />
      ) : (
        <Empty description={t("accounts.equity.empty")} />
      )}
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          {table("holder", graph?.shareholders ?? [])}
        </Col>
        <Col xs={24} lg={12}>
          {table("company", graph?.investments ?? [])}
        </Col>
      </Row>
      <Modal
        open={adding !== null}
        title={t(
          adding === "holder" ? "accounts.equity.addShareholder" : "accounts.equity.addInvestment",
        )}
        onCancel={() => setAdding(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<AddValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: "client" }}
          onFinish={(v) => void add(v)}
        >
          <Form.Item name="kind" label={t("accounts.equity.party")}>
            <Radio.Group
              options={[
                { value: "client", label: t("accounts.equity.client") },
                { value: "outside", label: t("accounts.equity.outside") },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue }) =>
              getFieldValue("kind") === "client" ? (
                <Form.Item
                  name="accountId"
                  label={t("accounts.equity.client")}
                  rules={[{ required: true, message: t("validation.required") }]}
                >
                  <Select
                    showSearch
                    filterOption={false}
                    onSearch={setSearch}
                    options={(clients?.data ?? [])
                      .filter((c) => c.id !== accountId)
                      .map((c) => ({ value: String(c.id), label: String(c.name) }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="name"
                  label={t("accounts.equity.outside")}
                  rules={[{ required: true, message: t("validation.required") }]}
                >
                  <Input maxLength={200} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item
            name="share"
            label={t("accounts.equity.share")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <InputNumber min={0.0001} max={100} precision={4} style={{ width: "100%" }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
