import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Space, Table } from "antd";
import { type ReactNode, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

import type { ReportAnswer, ReportColumn } from "../../../shared/contracts/reports";
import { formatMoney } from "../../../shared/money";
import { useColorScheme } from "../../layout/app-theme";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { downloadFile } from "../../schema-ui/download";
import { ReportChart } from "./chart";

export type ReportParams = Record<string, string | undefined>;

/** A figure as the reader reads it: money ¥1,234.50, hours and percentages with two decimals. */
const useFormat = () => {
  const { i18n } = useTranslation();
  return useCallback(
    (column: ReportColumn | undefined, v: unknown) => {
      if (v === null || v === undefined) return "";
      if (column?.kind === "money") return formatMoney(String(v));
      if (column?.kind === "count") return Number(v).toLocaleString(i18n.language);
      return String(v);
    },
    [i18n.language],
  );
};

/**
 * One report: its chart, the same figures as a table (each one a link to its list), export, and
 * what the page adds beside it (`actions`: "Subscribe").
 */
export const ReportCard = ({
  reportKey,
  title,
  params,
  actions,
}: {
  reportKey: string;
  title: string;
  params: ReportParams;
  actions?: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dark = useColorScheme() === "dark";
  const format = useFormat();
  const query = useQuery({
    queryKey: ["reports", reportKey, params, i18n.language],
    queryFn: () => api.get<ReportAnswer>(`/reports/${reportKey}`, { params }),
  });
  const answer = query.data;
  const text = useCallback(
    (column: ReportColumn, v: unknown) => (column.translate ? t(String(v)) : format(column, v)),
    [t, format],
  );
  const category = answer?.columns.find((c) => c.key === answer.chart.category);
  const categoryOf = useCallback(
    (i: number) => {
      if (!answer || !category) return "";
      const row = answer.rows[i];
      const group = answer.chart.group
        ? answer.columns.find((c) => c.key === answer.chart.group)
        : undefined;
      return [text(category, row[category.key]), group ? text(group, row[group.key]) : ""]
        .filter(Boolean)
        .join(" · ");
    },
    [answer, category, text],
  );
  const label = useCallback(
    (key: string) => t(answer?.columns.find((c) => c.key === key)?.label ?? key),
    [answer, t],
  );
  const value = useCallback(
    (key: string, v: unknown) =>
      format(
        answer?.columns.find((c) => c.key === key),
        v,
      ),
    [answer, format],
  );
  const onPick = useCallback(
    (i: number, column: string) => {
      const link = answer?.drill[answer.rows[i]?.id]?.[column];
      if (link) navigate(link.to);
    },
    [answer, navigate],
  );
  const columns = useMemo(
    () =>
      (answer?.columns ?? []).map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: t(c.label),
        align: c.kind === "text" ? undefined : ("right" as const),
        render: (v: unknown, row: { id: string }) => {
          const shown = text(c, v);
          const link = answer?.drill[row.id]?.[c.key];
          return link ? (
            <Link to={link.to} aria-label={t("reports.drillHint", { value: shown })}>
              {shown}
            </Link>
          ) : (
            shown
          );
        },
      })),
    [answer, t, text],
  );
  const exportXlsx = async () => {
    const result = await downloadFile(`/reports/${reportKey}/export.xlsx`, {
      params,
      name: `${title}.xlsx`,
    });
    // The toast (SPEC §4), not antd's message: the app mounts no antd <App> to carry one.
    if (!result.ok)
      showToast({ message: result.message || t("errors.serverBusy"), color: "error" });
  };
  return (
    <Card
      title={<h2 className="report-card-title">{title}</h2>}
      loading={query.isLoading}
      extra={
        <Space size="small" wrap>
          {actions}
          <Button icon={<DownloadOutlined />} onClick={exportXlsx} disabled={!answer}>
            {t("reports.export")}
          </Button>
        </Space>
      }
      className="report-card"
      data-report={reportKey}
    >
      {answer && answer.rows.length === 0 ? (
        <Empty description={t("reports.empty")} />
      ) : answer ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          <ReportChart
            answer={answer}
            dark={dark}
            label={label}
            value={value}
            categoryOf={categoryOf}
            onPick={onPick}
            title={title}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            columns={columns}
            dataSource={answer.rows}
            aria-label={t("reports.tableOf", { title })}
          />
        </Space>
      ) : null}
    </Card>
  );
};
