import { EditOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Collapse, Descriptions, Empty, Skeleton, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { FeeAllocationView } from "../../../shared/contracts/fees";
import type { RuleStep } from "../../../shared/fees";
import { formatPercent } from "../../../shared/money";
import { firmTime } from "../../lib/firm-time";
import { useMemberName } from "../../lib/members";
import { useFeeAllocation } from "./api";
import { AllocationDialog } from "./allocation-dialog";
import { AllocationLines, AllocationText } from "./allocation-lines";

type Version = FeeAllocationView["versions"][number];

/** Why the effective shares differ from the entered ones, one firm rule a line. */
const StepList = ({ steps }: { steps: RuleStep[] }) => {
  const { t } = useTranslation();
  if (steps.length === 0) return <p className="text-muted">{t("fees.allocation.noSteps")}</p>;
  return (
    <ol className="fees-steps" aria-label={t("fees.allocation.steps")}>
      {steps.map((s) => (
        <li key={s.rule}>
          {t(`fees.allocation.step.${s.kind}`, {
            n: s.rule + 1,
            before: formatPercent(s.before),
            after: formatPercent(s.after),
            count: s.repeats ?? 0,
          })}
        </li>
      ))}
    </ol>
  );
};

/**
 * Fee sharing on the case: the allocation as entered, the shares payments are split by after the
 * firm's rules (with each rule's step), the management fee, and every earlier version.
 */
export const AllocationCard = ({ caseId, canEdit }: { caseId: string; canEdit: boolean }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const { data: view, isLoading, isError } = useFeeAllocation(caseId);
  const [isEditing, setEditing] = useState(false);
  const [approvalId, setApprovalId] = useState<string | null>(null);
  const pending = view?.pendingApprovalId ?? approvalId;
  const title = <h2 className="fees-card-title">{t("fees.allocation.title")}</h2>;
  if (isError)
    return (
      <Card size="small" className="fees-card" title={title}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fees.allocation.hidden")} />
      </Card>
    );
  return (
    <Card
      size="small"
      className="fees-card"
      title={title}
      extra={
        canEdit && view && !pending ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("fees.allocation.edit")}
          </Button>
        ) : null
      }
    >
      {isLoading || !view ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {pending ? (
            <Alert
              className="fees-alert"
              type="info"
              showIcon
              message={t("fees.allocation.pending")}
              action={
                <Link to={`/case/workflow/change/${pending}`}>
                  {t("fees.allocation.openApproval")}
                </Link>
              }
            />
          ) : null}
          <Descriptions
            size="small"
            layout="vertical"
            colon={false}
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: "originator",
                label: t("fees.allocation.originator"),
                children: view.allocation?.originatorId
                  ? name(view.allocation.originatorId)
                  : t("fees.allocation.noOriginator"),
              },
              {
                key: "management",
                label: t("fees.fields.managementFeePercent"),
                children: view.managementFeePercent
                  ? t("fees.allocation.managementOwn", {
                      percent: formatPercent(view.managementFeePercent),
                    })
                  : t("fees.allocation.managementFirm", {
                      percent: formatPercent(view.firmManagementFeePercent),
                    }),
              },
            ]}
          />
          {view.allocation?.lines.length ? (
            <>
              <h3 className="fees-subhead">{t("fees.allocation.entered")}</h3>
              <AllocationLines lines={view.allocation.lines} label={t("fees.allocation.entered")} />
            </>
          ) : (
            <p className="text-muted">{t("fees.allocation.none")}</p>
          )}
          {view.effective ? (
            <>
              <h3 className="fees-subhead">{t("fees.allocation.effective")}</h3>
              <AllocationLines
                lines={view.effective.lines}
                label={t("fees.allocation.effective")}
              />
              <StepList steps={view.effective.steps} />
            </>
          ) : null}
          {view.versions.length ? (
            <Collapse
              size="small"
              ghost
              items={[
                {
                  key: "versions",
                  label: t("fees.allocation.versions", { count: view.versions.length }),
                  children: (
                    <Table<Version>
                      rowKey="id"
                      size="small"
                      pagination={false}
                      dataSource={view.versions}
                      scroll={{ x: 640 }}
                      columns={[
                        { title: t("fees.allocation.effectiveFrom"), dataIndex: "effectiveFrom" },
                        {
                          title: t("fees.allocation.lines"),
                          key: "lines",
                          render: (_, v) => <AllocationText value={v.allocation} />,
                        },
                        {
                          title: t("fees.fields.managementFeePercent"),
                          dataIndex: "managementFeePercent",
                          render: (p: string | null) =>
                            p ? formatPercent(p) : t("fees.allocation.firmDefault"),
                        },
                        {
                          title: t("fees.allocation.changedBy"),
                          key: "by",
                          render: (_, v) =>
                            t("fees.allocation.changedAt", {
                              name: name(v.createdBy) || t("fees.allocation.formerMember"),
                              at: firmTime(v.createdAt),
                            }),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          ) : null}
        </>
      )}
      {isEditing && view ? (
        <AllocationDialog
          caseId={caseId}
          view={view}
          onClose={(result) => {
            setEditing(false);
            if (result && !result.applied) setApprovalId(result.approvalId);
          }}
        />
      ) : null}
    </Card>
  );
};
