import { CheckCircleOutlined, ExclamationCircleOutlined } from "@ant-design/icons";
import { Form, Input, List, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { CLOSING_EXPLANATION_MAX, type ClosingItem } from "../../../shared/contracts/closing";
import { resolvePathOf } from "./api";

/**
 * The checklist: each item with its open count and a link to where it is resolved; an open item
 * asks for the lawyer's explanation (the server refuses the closing without one).
 */
export const ChecklistItems = ({
  caseId,
  items,
  onNavigate,
}: {
  caseId: string;
  items: ClosingItem[];
  onNavigate: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      bordered
      dataSource={items}
      renderItem={(item) => {
        const label = t(`closing.items.${item.key}`);
        return (
          <List.Item key={item.key}>
            <div style={{ width: "100%" }}>
              <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
                <Space>
                  {item.resolved ? (
                    <CheckCircleOutlined style={{ color: "#389e0d" }} aria-hidden />
                  ) : (
                    <ExclamationCircleOutlined style={{ color: "#d46b08" }} aria-hidden />
                  )}
                  <span>{label}</span>
                  {item.resolved ? (
                    <Tag color="green">{t("closing.resolved")}</Tag>
                  ) : (
                    <Tag color="orange">{t("closing.openCount", { count: item.count })}</Tag>
                  )}
                </Space>
                {item.resolved ? null : (
                  <Link
                    to={resolvePathOf(caseId, item.key)}
                    onClick={onNavigate}
                    aria-label={t("closing.resolveItem", { item: label })}
                  >
                    {t("closing.resolve")}
                  </Link>
                )}
              </Space>
              {item.resolved ? null : (
                <Form.Item
                  name={["explanations", item.key]}
                  label={t("closing.explanation", { item: label })}
                  rules={[
                    { required: true, whitespace: true, message: t("closing.explanationRequired") },
                  ]}
                  style={{ marginTop: 8, marginBottom: 0 }}
                >
                  <Input.TextArea
                    rows={2}
                    maxLength={CLOSING_EXPLANATION_MAX}
                    placeholder={t("closing.explanationPlaceholder")}
                  />
                </Form.Item>
              )}
            </div>
          </List.Item>
        );
      }}
    />
  );
};
