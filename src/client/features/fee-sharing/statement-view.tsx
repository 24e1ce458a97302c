import { Descriptions, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { MemberStatement } from "../../../shared/contracts/fees";
import { PeriodTag } from "./period-tag";
import { Money, MonthTotals, ShareLinesTable } from "./share-lines";
import "./fee-sharing.css";

/**
 * One member's month, as the lawyer (My earnings) and finance (a member's statement) see it: the
 * month's total, its lines, and the last twelve months each linking to its own statement.
 */
export const StatementView = ({
  statement,
  isLoading,
  linkOf,
  extra,
}: {
  statement: MemberStatement | undefined;
  isLoading: boolean;
  linkOf: (period: string) => string;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  if (isLoading) return <Skeleton active />;
  if (!statement) return null;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: "member", label: t("feeSharing.lines.member"), children: statement.name },
          {
            key: "state",
            label: t("feeSharing.period.state"),
            children: <PeriodTag closed={statement.closed} />,
          },
          {
            key: "total",
            label: t("feeSharing.lines.monthTotal"),
            children: (
              <strong>
                <Money value={statement.total} />
              </strong>
            ),
          },
        ]}
      />
      {extra}
      <h2 className="fee-section-title">
        {t("feeSharing.lines.title", { period: statement.period })}
      </h2>
      <ShareLinesTable lines={statement.lines} />
      <h2 className="fee-section-title">{t("feeSharing.lines.twelveMonths")}</h2>
      <MonthTotals months={statement.months} linkOf={linkOf} />
    </>
  );
};
