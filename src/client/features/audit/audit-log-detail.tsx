import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";

import type { AuditLog } from "./audit-log-types";

const JsonBlock = ({ title, value }: { title: string; value: unknown }) => {
  const { t } = useTranslation();
  return (
    <div>
      <strong>{title}</strong>
      <pre className="audit-json">
        {value === null || value === undefined
          ? t("auditLogs.noData")
          : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
};

/** Before, after and the computed diff of one audit row. */
export const AuditLogDetail = ({ record }: { record: AuditLog }) => {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 12]}>
      <Col xs={24} lg={8}>
        <JsonBlock title={t("auditLogs.fields.before")} value={record.before} />
      </Col>
      <Col xs={24} lg={8}>
        <JsonBlock title={t("auditLogs.fields.after")} value={record.after} />
      </Col>
      <Col xs={24} lg={8}>
        <JsonBlock title={t("auditLogs.fields.diff")} value={record.diff} />
      </Col>
    </Row>
  );
};
