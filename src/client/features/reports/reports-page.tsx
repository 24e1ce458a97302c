import { FilePdfOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Col, DatePicker, Row, Select, Space, Tabs, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

import {
  REPORT_PERIODS,
  type ReportPeriod,
  type ReportScope,
  type ReportSummary,
} from "../../../shared/contracts/reports";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { downloadFile } from "../../schema-ui/download";
import { SubscribeButton, SubscriptionsPanel } from "../report-subscriptions";
import { ReportCard } from "./report-card";
import "./reports.css";

const TABS = ["dashboard", "subscriptions"] as const;

/**
 * The dashboard: a period and a scope (only those the viewer may pick), then one card a report,
 * each with "Subscribe"; beside it, "My subscriptions" (?tab=subscriptions, where a paused
 * subscription's notice links to).
 */
export const ReportsPage = () => {
  const { t, i18n } = useTranslation();
  const catalogue = useQuery({
    queryKey: ["reports", "catalogue", i18n.language],
    queryFn: () => api.get<ReportSummary[]>("/reports"),
  });
  const reports = catalogue.data ?? [];
  const scopes = reports[0]?.scopes ?? [];
  const departments = reports[0]?.departments ?? [];
  const [period, setPeriod] = useState<ReportPeriod>("quarter");
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [picked, setPicked] = useState<ReportScope | undefined>();
  const scope = picked ?? scopes[0];
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const department = departmentId ?? departments[0]?.id;
  const [search, setSearch] = useSearchParams();
  const tab = search.get("tab") === "subscriptions" ? "subscriptions" : "dashboard";
  const [isExporting, setExporting] = useState(false);
  const params = {
    period: period === "custom" && !range ? "quarter" : period,
    scope,
    from: period === "custom" && range ? range[0].format("YYYY-MM-DD") : undefined,
    to: period === "custom" && range ? range[1].format("YYYY-MM-DD") : undefined,
    departmentId: scope === "department" ? department : undefined,
  };
  // The whole dashboard as the server draws it: every report this viewer may open, one PDF.
  const exportPdf = async () => {
    setExporting(true);
    try {
      const result = await downloadFile("/reports/export.pdf", {
        params,
        name: `${t("reports.pdf.fileName")}.pdf`,
      });
      if (!result.ok)
        showToast({ message: result.message || t("reports.pdfFailed"), color: "error" });
    } finally {
      setExporting(false);
    }
  };
  const dashboard = (
    <>
      <Space wrap className="reports-pickers">
        <label>
          <span className="reports-picker-label">{t("reports.period")}</span>
          <Select
            aria-label={t("reports.period")}
            value={period}
            onChange={setPeriod}
            style={{ minWidth: 140 }}
            options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
          />
        </label>
        {period === "custom" ? (
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v as [Dayjs, Dayjs] | null)}
          />
        ) : null}
        <label>
          <span className="reports-picker-label">{t("reports.scope")}</span>
          <Select
            aria-label={t("reports.scope")}
            value={scope}
            onChange={setPicked}
            style={{ minWidth: 140 }}
            options={scopes.map((s) => ({ value: s, label: t(`reports.scopes.${s}`) }))}
          />
        </label>
        {scope === "department" ? (
          <label>
            <span className="reports-picker-label">{t("reports.department")}</span>
            <Select
              aria-label={t("reports.department")}
              value={department}
              onChange={setDepartmentId}
              style={{ minWidth: 160 }}
              options={departments.map((d) => ({ value: d.id, label: d.name }))}
            />
          </label>
        ) : null}
        <Button
          icon={<FilePdfOutlined />}
          onClick={exportPdf}
          loading={isExporting}
          disabled={!scope}
        >
          {t("reports.exportPdf")}
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        {scope
          ? reports.map((r) => (
              <Col key={r.key} xs={24} xl={12}>
                <ReportCard
                  reportKey={r.key}
                  title={r.title}
                  params={params}
                  actions={<SubscribeButton report={r} />}
                />
              </Col>
            ))
          : null}
      </Row>
    </>
  );
  return (
    <div className="reports-page">
      <Typography.Title level={1} className="reports-heading">
        {t("reports.title")}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === "dashboard" ? {} : { tab: key }, { replace: true })}
        items={TABS.map((key) => ({
          key,
          label: t(key === "dashboard" ? "reports.dashboard" : "reportSubscriptions.tab"),
          children: key === "dashboard" ? dashboard : <SubscriptionsPanel reports={reports} />,
        }))}
      />
    </div>
  );
};
