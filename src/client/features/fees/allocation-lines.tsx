import { Table } from "antd";
import { useTranslation } from "react-i18next";

import type { AllocationLine, CaseAllocation } from "../../../shared/fees";
import { formatPercent } from "../../../shared/money";
import { useMemberName } from "../../lib/members";

/** Allocation lines read-only: member, role, percentage. */
export const AllocationLines = ({
  lines,
  label,
}: {
  lines: readonly AllocationLine[];
  label: string;
}) => {
  const { t } = useTranslation();
  const name = useMemberName();
  return (
    <Table<AllocationLine>
      rowKey="memberId"
      size="small"
      pagination={false}
      dataSource={[...lines]}
      aria-label={label}
      columns={[
        {
          title: t("fees.allocation.member"),
          dataIndex: "memberId",
          render: (id: string) => name(id) || t("fees.allocation.formerMember"),
        },
        {
          title: t("fees.allocation.role"),
          dataIndex: "role",
          render: (role: string) => t(`fees.roles.${role}`),
        },
        {
          title: t("fees.allocation.percent"),
          dataIndex: "percent",
          align: "right",
          render: (v: string) => formatPercent(v),
        },
      ]}
    />
  );
};

/** An allocation in one line of text (the case's detail, the version history). */
export const AllocationText = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const allocation = value as CaseAllocation | null;
  if (!allocation?.lines?.length)
    return <span className="schema-empty">{t("schemaUi.notSet")}</span>;
  return (
    <span>
      {allocation.lines
        .map((line) =>
          t("fees.allocation.lineText", {
            name: name(line.memberId) || t("fees.allocation.formerMember"),
            role: t(`fees.roles.${line.role}`),
            percent: formatPercent(line.percent),
          }),
        )
        .join(t("fees.summary.separator"))}
      {allocation.originatorId &&
      !allocation.lines.some((l) => l.memberId === allocation.originatorId)
        ? t("fees.allocation.originatorText", { name: name(allocation.originatorId) })
        : null}
    </span>
  );
};
