import { ArrowRightOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import type { ReactNode } from "react";
import { Alert, Button, Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { FieldValue } from "./field-value";
import { useOptions } from "./use-options";
import { type Field, useResourceSchema } from "./use-schema";
import "./schema-ui.css";

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Props = {
  resource: string;
  record: BaseRecord;
  /** Where the deciding approval opens. */
  approvalPath: (approvalId: string) => string;
  title: ReactNode;
  hint: ReactNode;
};

/**
 * "Changes pending approval" on a record's page: each waiting change as label, value in force
 * and value once approved, formatted like the details below it, and a link to the approval.
 */
export const PendingChangesAlert = ({ resource, record, approvalPath, title, hint }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fields } = useResourceSchema(resource);
  const options = useOptions(fields);
  const changes = (record.pendingChanges ?? {}) as Record<string, unknown>;
  const approvalId = record.pendingApprovalId as string | null | undefined;
  // A key the schema no longer has still shows, under its key and as plain text.
  const fieldOf = (key: string): Field => fields.find((f) => f.key === key) ?? { key, schema: {} };
  // In the form's order: the server's jsonb keeps keys sorted, which reads as random.
  const rank = (key: string) => {
    const i = fields.findIndex((f) => f.key === key);
    return i < 0 ? fields.length : i;
  };
  const items = Object.entries(changes)
    .filter(([key, value]) => !sameValue(record[key], value))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => {
      const field = fieldOf(key);
      return {
        key,
        label: t(field.schema["x-label"] ?? key),
        children: (
          <span className="pending-change">
            <FieldValue field={field} value={record[key]} choices={options[key]} />
            <ArrowRightOutlined aria-label={t("schemaUi.pending.becomes")} />
            <span className="pending-change-new">
              <FieldValue field={field} value={value} choices={options[key]} />
            </span>
          </span>
        ),
      };
    });

  return (
    <Alert
      type="warning"
      showIcon
      className="pending-alert"
      message={title}
      description={
        <>
          <div className="pending-hint">{hint}</div>
          {items.length ? <Descriptions size="small" column={1} colon items={items} /> : null}
        </>
      }
      action={
        approvalId ? (
          <Button size="small" onClick={() => navigate(approvalPath(approvalId))}>
            {t("schemaUi.pending.viewApproval")}
          </Button>
        ) : null
      }
    />
  );
};
