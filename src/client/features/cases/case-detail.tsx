import { EditOutlined } from "@ant-design/icons";
import { Alert, Button, Modal, Result, Skeleton, Space, Tabs, Tag } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";

import { ApprovalsTab } from "../../components/record-tabs";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { isApiError } from "../../providers/api-error";
import { mayOnRow, useCan } from "../../routing/use-can";
import { PendingChangesAlert } from "../../schema-ui/pending-changes";
import { useMemberName } from "../../lib/members";
import { CaseVolumeLink } from "../archive";
import { ClosingSummary, ClosingTag } from "../closing";
import { KeyDatesTab } from "../deadlines";
import { TasksPage } from "../tasks";
import { useCaseRecord, useDictLabels } from "./api";
import { CaseInfo } from "./case-info";
import { CaseTimeline } from "./case-timeline";
import { ConflictsTab, ContractsTab, DocumentsTab } from "./case-tabs";
import { FinanceTab } from "./finance-tab";
import { LifecycleActions } from "./lifecycle-actions";
import { TemplateOffer } from "./template-offer";
import { CaseStartChooser } from "./start-case";
import { daysLeft, STATUS_COLORS } from "./status";
import { CaseLeadLink } from "./case-lead-link";
import "./cases.css";

const OPEN = new Set(["pre-filing", "formal"]);

/** The validity of a pre-filing case, counting down (red in the last week and once passed). */
const Validity = ({ validUntil }: { validUntil: string }) => {
  const { t } = useTranslation();
  const left = daysLeft(validUntil);
  return (
    <Tag color={left <= 7 ? "red" : "gold"}>
      {left >= 0
        ? t("cases.detail.validLeft", { date: validUntil, n: left })
        : t("cases.detail.validPassed", { date: validUntil })}
    </Tag>
  );
};

/** /case/detail/:id: the case with its sections, tabs and the actions the viewer may take. */
export const CaseDetail = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const can = useCan();
  const name = useMemberName();
  const stage = useDictLabels("case-stage");
  const [isStageOpen, setStageOpen] = useState(false);
  const { data: c, error } = useCaseRecord(id);
  if (error) {
    const status = isApiError(error) ? error.statusCode : 0;
    return (
      <Result
        status={status === 403 ? "403" : "404"}
        title={t(status === 403 ? "notAuthorized.title" : "cases.detail.notFound")}
      />
    );
  }
  if (!c) return <Skeleton active />;

  const isOpen = OPEN.has(c.status);
  const canEdit = can("update", "LAWFIRM_CASE_VIEW") && mayOnRow(c, "update");
  const canChange = canEdit && isOpen && !c.pendingApprovalId;
  const tab = search.get("tab") ?? "info";
  const header = (
    <Space wrap size={[8, 4]} className="case-header-meta">
      <span>{c.caseNo}</span>
      {c.stage ? <Tag>{stage(c.stage)}</Tag> : null}
      <span>
        {t("cases.fields.leadLawyerId")}: {name(c.leadLawyerId)}
      </span>
      {c.leadPartnerId ? (
        <span>
          {t("cases.fields.leadPartnerId")}: {name(c.leadPartnerId)}
        </span>
      ) : null}
      {c.status === "pre-filing" && c.validUntil ? <Validity validUntil={c.validUntil} /> : null}
    </Space>
  );
  return (
    <>
      <PageHeader
        title={
          <Space wrap>
            {c.name}
            <Tag color={STATUS_COLORS[c.status]}>{t(`cases.status.${c.status}`)}</Tag>
            <ClosingTag caseId={c.id} status={c.status} />
          </Space>
        }
        extra={
          canChange ? (
            <Space wrap>
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(`/case/edit/${c.id}`)}
              >
                {t("cases.actions.edit")}
              </Button>
              {can("create", "LAWFIRM_CASE_VIEW") ? (
                <Button onClick={() => setStageOpen(true)}>{t("cases.actions.nextStage")}</Button>
              ) : null}
              <LifecycleActions record={c} />
            </Space>
          ) : null
        }
      />
      {header}
      <PagePanel>
        {c.pendingChanges ? (
          <div className="case-alert">
            <PendingChangesAlert
              resource="cases"
              record={c}
              approvalPath={(approvalId) => `/case/workflow/change/${approvalId}`}
              title={t("cases.change.title")}
              hint={t("cases.change.hint")}
            />
          </div>
        ) : null}
        {c.status === "terminated" ? (
          <Alert
            className="case-alert"
            type="warning"
            showIcon
            message={t("cases.detail.terminated")}
            description={t(
              `cases.terminationReasons.${c.terminationReason ?? ""}`,
              c.terminationReason ?? "",
            )}
          />
        ) : null}
        <ClosingSummary caseId={c.id} status={c.status} />
        {isOpen && canEdit ? (
          <TemplateOffer
            caseId={c.id}
            stage={c.stage ?? null}
            onApplied={() => setSearch({ tab: "key-dates" }, { replace: true })}
          />
        ) : null}
        <CaseLeadLink caseId={c.id} />
        {c.status === "closed" ? <CaseVolumeLink caseId={c.id} /> : null}
        {c.parentCaseId ? (
          <p>
            <Link to={`/case/detail/${c.parentCaseId}`}>{t("cases.detail.previousStage")}</Link>
          </p>
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: "info",
              label: t("cases.tabs.info"),
              children: <CaseInfo record={c} canEdit={canEdit && isOpen} />,
            },
            {
              key: "key-dates",
              label: t("cases.tabs.keyDates"),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <KeyDatesTab caseId={c.id} editable={canEdit && isOpen} />
                </Suspense>
              ),
            },
            {
              key: "tasks",
              label: t("cases.tabs.tasks"),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <TasksPage caseId={c.id} />
                </Suspense>
              ),
            },
            {
              key: "finance",
              label: t("cases.tabs.finance"),
              children: <FinanceTab caseId={c.id} canEdit={canEdit && c.status !== "terminated"} />,
            },
            {
              key: "documents",
              label: t("cases.tabs.documents"),
              children: <DocumentsTab folderId={c.folderId} />,
            },
            {
              key: "contracts",
              label: t("cases.tabs.contracts"),
              children: <ContractsTab caseId={c.id} isOpen={isOpen} />,
            },
            {
              key: "conflicts",
              label: t("cases.tabs.conflicts"),
              children: <ConflictsTab caseId={c.id} />,
            },
            {
              key: "approvals",
              label: t("cases.tabs.approvals"),
              children: <ApprovalsTab url={`/cases/${c.id}/approvals`} />,
            },
            {
              key: "timeline",
              label: t("cases.tabs.timeline"),
              children: <CaseTimeline caseId={c.id} />,
            },
          ]}
        />
      </PagePanel>
      <Modal
        open={isStageOpen}
        title={t("cases.actions.nextStage")}
        footer={null}
        width={760}
        onCancel={() => setStageOpen(false)}
        destroyOnHidden
      >
        <p className="text-muted">{t("cases.start.nextStageHint", { no: c.caseNo })}</p>
        <CaseStartChooser parentCaseId={c.id} />
      </Modal>
    </>
  );
};
