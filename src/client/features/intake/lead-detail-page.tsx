import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Popconfirm, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";

import { LEAD_STAGE } from "../../../shared/contracts/intake";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { mayOnRow, useCan } from "../../routing/use-can";
import { SchemaShow } from "../../schema-ui";
import { TasksPage } from "../tasks";
import { leadKey, useLead } from "./api";
import { ConvertDialog } from "./convert-dialog";
import { LeadReport } from "./lead-report";
import { LostDialog } from "./lost-dialog";

/**
 * /intake/:id: the lead's fields, its conflict report, and what comes next — run the conflict
 * check on its client and parties, convert it into a case submission, or mark it lost; a
 * converted lead links to its case and changes no more.
 */
export const LeadDetailPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const queries = useQueryClient();
  const { id = "" } = useParams();
  const { data: lead } = useLead(id);
  const [checking, setChecking] = useState(false);
  const [converting, setConverting] = useState(false);
  const [losing, setLosing] = useState(false);
  if (!lead) return <Skeleton active />;
  const refresh = () => queries.invalidateQueries({ queryKey: leadKey(id) });
  const isOpen = !lead.caseId && lead.stage !== LEAD_STAGE.lost;
  const mayUpdate = can("update", "LAWFIRM_LEAD_VIEW") && mayOnRow(lead, "update");
  const check = async () => {
    setChecking(true);
    try {
      await api.post(`/leads/${id}/conflict-check`);
      showToast({ message: t("intake.messages.checked"), color: "success" });
      await refresh();
    } catch {
      // Toasted by the API layer.
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <PageHeader
        title={`${lead.leadNo} ${lead.title}`}
        extra={
          <Space wrap>
            {isOpen && mayUpdate ? (
              <>
                <Button onClick={() => navigate(`/intake/${id}/edit`)}>{t("buttons.edit")}</Button>
                <Popconfirm
                  title={t("intake.actions.checkConfirm")}
                  okText={t("intake.actions.conflictCheck")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => void check()}
                >
                  <Button loading={checking}>{t("intake.actions.conflictCheck")}</Button>
                </Popconfirm>
                <Button onClick={() => setLosing(true)}>{t("intake.actions.markLost")}</Button>
                {can("create", "LAWFIRM_CASE_VIEW") ? (
                  <Button type="primary" onClick={() => setConverting(true)}>
                    {t("intake.actions.convert")}
                  </Button>
                ) : null}
              </>
            ) : null}
          </Space>
        }
      />
      <PagePanel>
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          {lead.caseId ? (
            <Alert
              type="success"
              showIcon
              message={t("intake.messages.convertedTo")}
              action={
                <Link to={`/case/detail/${lead.caseId}`}>{t("intake.actions.openCase")}</Link>
              }
            />
          ) : null}
          {lead.stage === LEAD_STAGE.lost ? (
            <Alert
              type="warning"
              showIcon
              message={t("intake.messages.lost")}
              description={lead.lostReason}
            />
          ) : null}
          {lead.conflictReportId ? <LeadReport reportId={lead.conflictReportId} /> : null}
          <SchemaShow
            resource="leads"
            record={lead}
            columns={2}
            // The report is the alert above, with its day, hits and PDF, not a bare id.
            only={(f) => f.key !== "conflictReportId"}
          />
          <section aria-labelledby="lead-follow-ups">
            <Typography.Title level={4} id="lead-follow-ups">
              {t("intake.followUps.title")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t("intake.followUps.hint")}
            </Typography.Paragraph>
            <TasksPage leadId={id} />
          </section>
        </Space>
      </PagePanel>
      <ConvertDialog
        leadId={converting ? id : null}
        caseType={lead.caseType}
        onClose={() => setConverting(false)}
      />
      <LostDialog
        lead={losing ? lead : null}
        onClose={() => setLosing(false)}
        onDone={() => void refresh()}
      />
    </>
  );
};
