import { UserAddOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Modal, Radio, Space } from "antd";
import { Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";

import type { LeadConversion } from "../../../shared/contracts/intake";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useSubmissionKey } from "../../lib/submission-key";
import { api } from "../../lib/api";
import type { LoginUser } from "../../providers/session";
import { useCan } from "../../routing/use-can";
import { SchemaForm } from "../../schema-ui";
import { adverseKeywords, CaseCheckDialog, caseKeywords } from "../conflicts";
import { useStartOptions } from "./api";

// The check's screens load with the conflicts chunk, only when this form is opened.
type Report = { id: string; createdAt: string; hitCount: number };

/** A client made on the spot, in the clients' own generated form, without leaving the case. */
const NewClientDialog = ({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const [type, setType] = useState<"organization" | "individual">("organization");
  return (
    <Modal
      open={open}
      title={t("cases.form.newClient")}
      footer={null}
      width={880}
      onCancel={onClose}
      destroyOnHidden
    >
      <Radio.Group
        aria-label={t("cases.form.clientType")}
        value={type}
        onChange={(e) => setType(e.target.value as typeof type)}
        options={[
          { value: "organization", label: t("cases.detail.clientTypes.organization") },
          { value: "individual", label: t("cases.detail.clientTypes.individual") },
        ]}
        style={{ marginBottom: 16 }}
      />
      <SchemaForm
        key={type}
        resource="accounts"
        defaults={{ accountType: type }}
        onSaved={(record) => onCreated(String(record.id))}
        onCancel={onClose}
      />
    </Modal>
  );
};

/** What a case opened from a lead starts with: its client, name and parties, the originator. */
const leadDefaults = (lead: LeadConversion, me: string) => ({
  accountId: lead.accountId,
  name: lead.name,
  ...(lead.parties.length ? { parties: lead.parties } : {}),
  // The originator keeps the lead; the lawyer opening the case leads it until shares are agreed.
  ...(lead.originatorId
    ? {
        feeAllocation: {
          originatorId: lead.originatorId,
          lines: [{ memberId: me, role: "lead", percent: "100.00" }],
        },
      }
    : {}),
});

/**
 * The lead a case form was opened from (`?lead=`): the conversion handed over by the lead's
 * page, or asked for again after a reload (converting again makes no second client).
 */
const useLeadConversion = (leadId: string | undefined, state: unknown) => {
  const handed = (state as { lead?: LeadConversion } | null)?.lead;
  const { data } = useQuery({
    queryKey: ["lead-conversion", leadId],
    queryFn: () => api.post<LeadConversion>(`/leads/${leadId}/convert`, {}),
    enabled: Boolean(leadId) && handed?.leadId !== leadId,
    staleTime: Infinity,
  });
  return handed?.leadId === leadId ? handed : data;
};

/**
 * /case/add/:workflow/:type?filing=…: a new case from schemas/cases.schema.json, submitted for
 * its approval (nothing is a case until that approval accepts). `parent` opens the next stage
 * of an existing case (first instance → appeal), keeping the chain.
 */
export const CaseFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keyFor = useSubmissionKey();
  const queries = useQueryClient();
  const { workflow = "", type = "" } = useParams();
  const [search] = useSearchParams();
  const filing = search.get("filing") ?? "";
  const parentCaseId = search.get("parent") ?? undefined;
  const leadId = search.get("lead") ?? undefined;
  const { data: me } = useGetIdentity<LoginUser>();
  const lead = useLeadConversion(leadId, useLocation().state);
  const can = useCan();
  const { data: options } = useStartOptions();
  const [isClientOpen, setClientOpen] = useState(false);
  const [patch, setPatch] = useState<Record<string, unknown>>();
  const [current, setCurrent] = useState<Record<string, unknown>>({});
  const [attached, setReport] = useState<Report | null>(null);
  // The lead's report is the case's unless the user runs or attaches another here.
  const leadReportId = lead?.conflictReportId ?? undefined;
  const { data: leadReport } = useQuery({
    queryKey: ["conflict-report", leadReportId],
    queryFn: () =>
      api.get<{ id: string; createdAt: string; hits: unknown[] }>(
        `/conflicts/reports/${leadReportId}`,
      ),
    enabled: Boolean(leadReportId) && can("read", "LAWFIRM_CONFLICT_VIEW"),
  });
  const report: Report | null =
    attached ??
    (leadReport
      ? { id: leadReport.id, createdAt: leadReport.createdAt, hitCount: leadReport.hits.length }
      : null);
  const reportId = attached?.id ?? leadReportId;
  const accountId = typeof current.accountId === "string" ? current.accountId : undefined;
  const { data: client } = useQuery({
    queryKey: ["case-form-client", accountId],
    queryFn: () => api.get<{ name: string }>(`/accounts/${accountId}`),
    enabled: Boolean(accountId),
  });
  const parties =
    (current.parties as
      { name?: string; idNumber?: string; conflictRole?: string }[] | undefined) ?? [];
  const keywords = caseKeywords(parties, client?.name);
  const defaults = useMemo(
    () => ({
      caseType: type,
      ...(filing ? { filingType: filing } : {}),
      ...(me ? { leadLawyerId: String(me.id) } : {}),
      ...(lead && me ? leadDefaults(lead, String(me.id)) : {}),
    }),
    [type, filing, me, lead],
  );
  const filingRule = options?.filingTypes.find((f) => f.value === filing);
  const typeLabel = options?.caseTypes.find((c) => c.value === type)?.label ?? type;

  const submit = async (values: Record<string, unknown>) => {
    const body = {
      definitionId: workflow,
      values,
      ...(parentCaseId ? { parentCaseId } : {}),
      ...(reportId ? { conflictReportId: reportId } : {}),
      ...(lead ? { leadId: lead.leadId } : {}),
    };
    const data = await api.post<{ instanceId: string }>("/case-submissions", body, keyFor(body));
    navigate(`/case/workflow/${data.instanceId}`);
  };

  return (
    <>
      <PageHeader
        title={t("cases.titles.create")}
        extra={
          <Button icon={<UserAddOutlined />} onClick={() => setClientOpen(true)}>
            {t("cases.form.newClient")}
          </Button>
        }
      />
      <PagePanel>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert
            type="info"
            showIcon
            className="case-alert"
            message={t("cases.form.kind", { type: typeLabel, filing: filingRule?.label ?? filing })}
            description={
              filingRule?.isPreFiling
                ? t("cases.form.preFilingHint", { n: filingRule.validityDays })
                : t("cases.form.approvalHint")
            }
          />
          {can("read", "LAWFIRM_CONFLICT_VIEW") ? (
            <Suspense fallback={null}>
              <CaseCheckDialog
                keywords={keywords}
                adverse={adverseKeywords(parties, keywords)}
                attached={report}
                onAttached={setReport}
              />
            </Suspense>
          ) : null}
          {lead ? (
            <Alert
              type="success"
              showIcon
              className="case-alert"
              message={t("cases.form.fromLead", { name: lead.name })}
            />
          ) : null}
          {me && (!leadId || lead) ? (
            <SchemaForm
              key={lead?.leadId ?? "new"}
              resource="cases"
              defaults={defaults}
              patch={patch}
              onSubmit={submit}
              onValuesChange={setCurrent}
              submitLabel={t("cases.actions.submit")}
              onCancel={() => navigate(-1)}
            />
          ) : null}
        </Space>
      </PagePanel>
      <NewClientDialog
        open={isClientOpen}
        onClose={() => setClientOpen(false)}
        onCreated={(id) => {
          setClientOpen(false);
          // The client picker reads its choices from this query: the new client must be among them.
          void queries
            .invalidateQueries({ queryKey: ["schema-options", "resource:accounts"] })
            .then(() => setPatch({ accountId: id }));
        }}
      />
    </>
  );
};
