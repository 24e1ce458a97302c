import type { BaseRecord } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import { SchemaShow } from "../../schema-ui";
import { PendingChangesAlert } from "../../schema-ui/pending-changes";
import { ApprovalDetailWithNext } from "../workflow";
import { api } from "../../lib/api";
import { useCaseRecord } from "./api";
import { ConflictSummary } from "./conflict-summary";

type Submission = { caseId: string | null; values: Record<string, unknown> };

/** The case an opening approval proposes, laid out like its detail; once accepted, a link to it. */
const ProposedCase = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ["case-submission", instanceId],
    queryFn: () => api.get<Submission>(`/case-submissions/${instanceId}`),
  });
  if (!data) return <Skeleton active />;
  return (
    <section aria-label={t("cases.titles.proposed")} className="case-section">
      {data.caseId ? (
        <Alert
          className="case-alert"
          type="success"
          showIcon
          message={<Link to={`/case/detail/${data.caseId}`}>{t("cases.messages.created")}</Link>}
        />
      ) : null}
      <h2>{t("cases.titles.proposed")}</h2>
      {/* What was typed: the number, status and audit fields come with the case. */}
      <SchemaShow
        resource="cases"
        record={data.values as BaseRecord}
        columns={1}
        only={(f) => !f.schema.readOnly}
      />
      {/* What the conflict check found: the approver decides on it as much as on the case. */}
      <ConflictSummary
        reportId={
          typeof data.values.conflictReportId === "string"
            ? data.values.conflictReportId
            : undefined
        }
      />
    </section>
  );
};

/** The changes a case-change approval decides (old → new while it is open), and the case. */
const CaseOfChange = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data: instance } = useQuery({
    queryKey: ["workflow-instance-ref", instanceId],
    queryFn: () => api.get<{ businessRef?: string }>(`/workflow/instances/${instanceId}`),
  });
  const caseId = instance?.businessRef?.split(":")[1] ?? "";
  const { data: record } = useCaseRecord(caseId);
  if (!record) return null;
  return (
    <section aria-label={t("cases.change.about")} className="case-section">
      <p>
        {t("cases.change.about")}:{" "}
        <Link to={`/case/detail/${record.id}`}>{`${record.caseNo} ${record.name}`}</Link>
      </p>
      {record.pendingChanges && record.pendingApprovalId === instanceId ? (
        <PendingChangesAlert
          resource="cases"
          record={record}
          approvalPath={(id) => `/case/workflow/change/${id}`}
          title={t("cases.change.title")}
          hint={t("cases.change.hint")}
        />
      ) : null}
    </section>
  );
};

const CaseApprovalPage = ({ what }: { what: "new" | "change" }) => {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const summary =
    what === "new" ? <ProposedCase instanceId={id} /> : <CaseOfChange instanceId={id} />;
  return (
    <ApprovalDetailWithNext id={id} taskId={search.get("task") ?? undefined} summary={summary} />
  );
};

/** /case/workflow/:id: the opening approval of a case. */
export const CaseApprovalNew = () => <CaseApprovalPage what="new" />;
/** /case/workflow/change/:id: a case-change approval. */
export const CaseApprovalChange = () => <CaseApprovalPage what="change" />;
