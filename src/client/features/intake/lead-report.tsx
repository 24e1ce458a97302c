import { FilePdfOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

import { api } from "../../lib/api";
import { firmDay } from "../../../shared/firm-time";
import { firmTimeZone } from "../../lib/firm-time";
import { showToast } from "../../layout/toast";
import { downloadFile } from "../../schema-ui/download";

type Report = { id: string; createdAt: string; keywords: string[]; hits: unknown[] };

/** The conflict report kept on the lead: when, what was searched, how many hits, its PDF. */
export const LeadReport = ({ reportId }: { reportId: string }) => {
  const { t } = useTranslation();
  const { data: report } = useQuery({
    queryKey: ["conflict-report", reportId],
    queryFn: () => api.get<Report>(`/conflicts/reports/${reportId}`),
  });
  if (!report) return null;
  const day = firmDay(report.createdAt, firmTimeZone());
  const pdf = async () => {
    const res = await downloadFile(`/conflicts/reports/${report.id}/pdf`, {
      name: `${t("conflicts.pdf.fileName")}-${day}.pdf`,
    });
    if (!res.ok) showToast({ message: res.message || t("conflicts.pdf.failed"), color: "error" });
  };
  return (
    <Alert
      type={report.hits.length ? "warning" : "info"}
      showIcon
      message={t("intake.report.title", { day, count: report.hits.length })}
      description={t("intake.report.keywords", {
        keywords: report.keywords.join(t("recordTabs.history.separator")),
      })}
      action={
        <Button size="small" icon={<FilePdfOutlined />} onClick={() => void pdf()}>
          {t("intake.report.pdf")}
        </Button>
      }
    />
  );
};
