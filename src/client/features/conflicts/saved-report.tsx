import { useCustom } from "@refinedev/core";
import { Button, Descriptions, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { ConflictReportDetail as Report } from "../../../shared/contracts/conflicts";
import { HitsTable } from "./hits-table";
import { ExportPdfButton, formatAt } from "./report-history";

/** One saved report, read-only: it is evidence, so nothing here can change it. */
export const SavedReport = ({
  id,
  onClose,
  onExported,
}: {
  id: string;
  onClose: () => void;
  onExported?: () => void;
}) => {
  const { t } = useTranslation();
  const { result, query } = useCustom<Report>({
    url: `/api/conflicts/reports/${id}`,
    method: "get",
  });
  const report = result?.data as Report | undefined;
  if (query.isLoading || !report || report.id !== id) return <Spin />;
  const letters = Object.fromEntries(report.letters.map((l) => [l.id, l.name]));
  return (
    <section
      aria-label={t("conflicts.history.viewing", {
        at: formatAt(report.createdAt),
        name: report.createdByName,
      })}
    >
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("conflicts.history.viewing", {
            at: formatAt(report.createdAt),
            name: report.createdByName,
          })}
        </Typography.Title>
        <Space>
          <ExportPdfButton
            report={report}
            onExported={() => {
              void query.refetch();
              onExported?.();
            }}
          />
          <Button onClick={onClose}>{t("conflicts.history.close")}</Button>
        </Space>
      </Space>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("conflicts.keywords")}>
          {report.keywords.join("、")}
        </Descriptions.Item>
        <Descriptions.Item label={t("conflicts.scopes")}>
          {report.scopes.map((s) => t(`conflicts.scope.${s}`)).join("、")}
        </Descriptions.Item>
        <Descriptions.Item label={t("conflicts.history.exports")}>
          {report.exports.length === 0 ? (
            t("conflicts.history.noExports")
          ) : (
            <ul
              aria-label={t("conflicts.history.exports")}
              style={{ margin: 0, paddingInlineStart: 16 }}
            >
              {report.exports.map((e) => (
                <li key={`${e.at}-${e.sha256}`}>
                  {t("conflicts.history.exportedBy", { at: formatAt(e.at), name: e.by ?? "" })}{" "}
                  <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
                    {e.sha256}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Descriptions.Item>
      </Descriptions>
      <HitsTable readOnly keywords={report.keywords} hits={report.hits} letters={letters} />
    </section>
  );
};
